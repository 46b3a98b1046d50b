import { ErrorPanel } from "../ui";
import { errorView } from "./advice";

/** The error panel for any thrown value: the rpc error's facts plus the advice for its class. */
export function RpcErrorPanel({
  error,
  title,
  headline,
  onRetry,
}: {
  error: unknown;
  title?: string;
  /**
   * What happened in the user's words, where the caller has read the error better than its class
   * can (a trace's empty opcode log is an unknown transaction): replaces the error's own headline
   * and advice; the request's facts stay.
   */
  headline?: string | null;
  onRetry?: () => void;
}) {
  const view = errorView(error);
  return (
    <ErrorPanel
      {...view}
      {...(headline ? { headline, advice: null } : {})}
      title={title}
      onRetry={onRetry}
    />
  );
}
