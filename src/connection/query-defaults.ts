/**
 * Answers fixed by what they are asked for (a mined transaction, a trace by hash, a token's
 * symbol): asked once and kept, never refetched on focus, reconnect or remount, and not retried
 * by react-query (the client has the one retry policy).
 */
export const KEPT_ANSWER = {
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  refetchOnMount: false,
} as const;
