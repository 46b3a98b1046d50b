/**
 * How a page decodes the logs a scan found: the shared registry layered with what the signature
 * database and Sourcify say about the events and contracts found (asked once the scan stopped),
 * each row decoded once (memoised), and ERC-20 amounts in whole tokens where the token answers
 * decimals() (asked once the scan stopped, for the tokens it found, at the logs endpoint). The
 * log explorer and an address's activity decode alike through it.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { getAddress } from "viem";
import type { ResolvedEndpoint } from "../endpoints";
import type { RpcClient } from "../rpc";
import { useDecodingRegistry } from "../decoding/useDecodingRegistry";
import { tokenMetaQueryOptions, type TokenMeta } from "../decoding/tokenMeta";
import { decodeLogRow, erc20Contracts, logsDecodingKeys, withTokenUnits } from "./decode";
import { memoDecode } from "./model";
import type { LogRow } from "./result";

export function useLogDecoding(
  client: RpcClient,
  endpoint: ResolvedEndpoint | null,
  logs: readonly LogRow[],
  settled: boolean,
) {
  const tokens = useMemo(() => (settled ? erc20Contracts(logs) : []), [settled, logs]);
  // A new registry means a new decode cache.
  const decodingKeys = useMemo(() => (settled ? logsDecodingKeys(logs) : null), [settled, logs]);
  const decoding = useDecodingRegistry(endpoint, decodingKeys);
  const { registry } = decoding;
  const decode = useMemo(() => memoDecode((row) => decodeLogRow(row, registry)), [registry]);
  const tokenMeta = useQuery(tokenMetaQueryOptions(client, endpoint, tokens)).data;
  const shownDecode = useMemo(
    () =>
      tokenMeta && tokenMeta.size > 0
        ? memoDecode((row) => {
            const ev = decode(row);
            return ev ? withTokenUnits(ev, tokenMeta.get(getAddress(row.address))) : ev;
          })
        : decode,
    [decode, tokenMeta],
  );
  const tokenOf = useMemo(() => {
    const byLower = new Map<string, TokenMeta>();
    for (const [a, m] of tokenMeta ?? []) byLower.set(a.toLowerCase(), m);
    return (address: string) => byLower.get(address.toLowerCase());
  }, [tokenMeta]);
  return { decoding, decode, shownDecode, tokenOf };
}
