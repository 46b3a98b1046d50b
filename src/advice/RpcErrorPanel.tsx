import { ErrorPanel } from "../ui";
import { errorView } from "./advice";

/** The error panel for any thrown value: the rpc error's facts plus the advice for its class. */
export function RpcErrorPanel({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  return <ErrorPanel {...errorView(error)} title={title} onRetry={onRetry} />;
}
