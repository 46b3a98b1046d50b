/** The lookup form's field labels (the form, its checks' messages and the first paint's form). */
export const TX_HASH_LABEL = "Transaction hash";
export const BLOCK_HASH_LABEL = "Block hash";
export const INDEX_LABEL = "Transaction index";
