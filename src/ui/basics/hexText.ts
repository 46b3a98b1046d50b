// The short forms of hex values live below the views (chain/hexText.ts: the first paint uses them
// without React); the views import them from here as before.
export { checksumOf, shortAddress, shortHex } from "../../chain/hexText";
