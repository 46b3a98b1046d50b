/**
 * The debugger's data (issue 34): the tracer and its two passes, the answer read against the call
 * tree, and one frame's model — places, internal calls, gas per line, navigation. No React; the
 * Debug and Source views build on these names.
 */
export {
  DEBUG_TRACER,
  DEBUG_TRACER_MAX_STEPS,
  DEBUG_WINDOW_MAX_STEPS,
  DEBUG_MEMORY_BYTES,
  debugTracerText,
  type DebugTracerOptions,
  type DebugWindow,
  type DebugWordPcs,
} from "./tracer";
export {
  DEBUG_TRACER_NODE_TIMEOUT,
  DEBUG_TRACER_TIMEOUT_MS,
  debugTracerConfig,
  debugTraceQueryOptions,
} from "./requests";
export {
  parseDebugTrace,
  debugTraceSchema,
  type DebugTrace,
  type DebugTraceResult,
  type DebugFrameData,
  type StepDetail,
} from "./trace";
export {
  buildFrameDebug,
  HEAVIEST_LINES,
  type FrameDebug,
  type FrameDebugOptions,
  type DebugPlace,
  type InternalCall,
  type CallStackEntry,
  type DecodedValue,
  type LineGas,
} from "./frame";
export { debugWordPcs, wordPcsOf } from "./wordPcs";
export { sourceIndexOf, type SourceIndex } from "./sourceIndex";
export { functionsOf, readWord, type FunctionDef, type Param } from "./functions";
export { opcodeName } from "./opcodes";
export {
  internalCallIndex,
  codeAddresses,
  INTERNAL_CALL_FRAMES,
  type InternalCallIndex,
} from "./internalCalls";
