/**
 * The transactions the history's transfer-only rows name, read as the rows appear (TransferReader:
 * bounded, through the cache the transaction page shares). Answers come in as they arrive.
 */
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { TRANSFER_READ_LIMIT, TransferReader, type ReadTx } from "./transferTxs";

const NONE: ReadonlyMap<string, ReadTx | null> = new Map();

export function useTransferTxs(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  /** The transfer-only rows' hashes (lower case), newest first. */
  hashes: readonly string[],
): ReadonlyMap<string, ReadTx | null> {
  const queryClient = useQueryClient();
  const id = endpoint?.cacheId ?? null;
  const [read, setRead] = useState<{ id: string | null; map: ReadonlyMap<string, ReadTx | null> }>({
    id,
    map: NONE,
  });
  // The endpoint object may be new on each render: the reader starts over only when its id does.
  const endpointRef = useRef(endpoint);
  useLayoutEffect(() => {
    endpointRef.current = endpoint;
  });
  const reader = useRef<TransferReader | null>(null);
  useEffect(() => {
    const target = endpointRef.current;
    if (!target || id === null) return;
    const r = new TransferReader({
      queryClient,
      client,
      endpoint: target,
      // A transition: each answer re-renders the page of rows, and a filter typed into the
      // transfers' table above (or a scroll) goes first.
      onRead: (hash, tx) =>
        startTransition(() =>
          setRead((prev) => ({
            id,
            map: new Map(prev.id === id ? prev.map : NONE).set(hash, tx),
          })),
        ),
    });
    reader.current = r;
    return () => {
      r.stop();
      if (reader.current === r) reader.current = null;
    };
  }, [client, id, queryClient]);

  const wanted = hashes.slice(0, TRANSFER_READ_LIMIT).join(",");
  useEffect(() => {
    reader.current?.want(wanted ? wanted.split(",") : []);
  }, [wanted, id]);

  return read.id === id ? read.map : NONE;
}
