export * from "./hex";
export * from "./hexSchemas";
export * from "./address";
export * from "./units";
export * from "./quantity";
export * from "./signatures";
export * from "./registry";
export { withSources } from "./sourcedRegistry";
export {
  canonicalSignature,
  DATABASE_SOURCE,
  entryOrigin,
  parseSignature,
  selectorOf,
  VERIFIED_SOURCE,
  type AbiError,
  type AddAbiResult,
  type AddedCounts,
  type AddSignatureResult,
  type ErrorEntry,
  type EventEntry,
  type FunctionEntry,
  type ParsedSignature,
  type ParseSignatureResult,
  type RegistryEntry,
  type RegistryItem,
  type SignatureKind,
  type SignatureOrigin,
  type UnknownKeys,
} from "./abiItems";
export * from "./decode";
export { formatArg, shownArg, type DecodedArg } from "./decodedArgs";
export * from "./revert";
export * from "./tx-types";
export * from "./tokenMeta";
export * from "./sources";
export * from "./events";
export * from "./eventLayout";
export * from "./transfers";
