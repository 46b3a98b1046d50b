/** The Variables of the Debug view's step (useVariables), shown by VariablesPanel. */
import { useVariables } from "./useVariables";
import { VariablesPanel } from "./VariablesPanel";

export function FrameVariables(props: Parameters<typeof useVariables>[0]) {
  return <VariablesPanel state={useVariables(props)} />;
}
