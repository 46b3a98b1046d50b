import { callFrameSchema, looksLikeCallFrame, type CallFrame } from "./result";

/** A pasted or opened trace: the raw result, a JSON-RPC response, or a test fixture with `result`. */
export function parseTraceJson(
  text: string,
): { ok: true; value: unknown; callFrame: CallFrame | null } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return {
      ok: false,
      message: `Trace JSON is not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const value =
    typeof parsed === "object" &&
    parsed !== null &&
    !looksLikeCallFrame(parsed) &&
    "result" in parsed
      ? (parsed as { result: unknown }).result
      : parsed;
  if (looksLikeCallFrame(value)) {
    const checked = callFrameSchema.safeParse(value);
    if (!checked.success)
      return {
        ok: false,
        message: `Trace JSON looks like callTracer output but does not fit it: ${checked.error.issues[0]?.message ?? ""} at ${checked.error.issues[0]?.path.join(".") ?? ""}`,
      };
    return { ok: true, value: checked.data, callFrame: checked.data };
  }
  return { ok: true, value, callFrame: null };
}
