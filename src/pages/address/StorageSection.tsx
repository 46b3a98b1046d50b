/**
 * Storage by name at the page's block: each variable of the verified layout read with
 * eth_getStorageAt (a slot at a time through its own cache entry, a few at once, the count
 * capped), mapping entries at the keys this session's traces hashed, and the EIP-1967 slots.
 * Values are text, never markup.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDecimal } from "../../chain";
import type { StorageLayout } from "../../chain/solidity";
import type { ResolvedEndpoint } from "../../endpoints";
import { useRpc } from "../../connection/context";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { sessionPreimages } from "../../trace/sessionPreimages";
import { useStore } from "../../ui/store";
import { readSlots } from "./query";
import {
  EIP1967_SLOT_LIST,
  MAX_SLOTS,
  eip1967Rows,
  elementSlots,
  firstSlots,
  storageRows,
  type StorageRow,
} from "./storagePlan";

interface Props {
  endpoint: ResolvedEndpoint;
  address: string;
  blockHex: string;
  /** The layout the storage is read with (a proxy's: its implementation's) and whose it is. */
  layout: { layout: StorageLayout; name: string | null } | null;
  layoutPending: boolean;
}

/** An integer slot read with its digits grouped (`5,000,000`); anything else as read. */
function readableValue(r: StorageRow): string {
  return /^u?int\d*$/.test(r.type) && /^-?\d+$/.test(r.value)
    ? formatDecimal(BigInt(r.value))
    : r.value;
}

export function StorageSection({ endpoint, address, blockHex, layout, layoutPending }: Props) {
  const { client } = useRpc();
  const queryClient = useQueryClient();
  const preimages = useStore(sessionPreimages);
  const query = useQuery({
    queryKey: [
      "storageByName",
      endpoint.cacheId,
      address,
      blockHex,
      layout?.name ?? null,
      layout ? layout.layout.storage.length : 0,
      preimages.length,
    ] as const,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      const read = (slots: readonly bigint[]) =>
        readSlots(queryClient, client, endpoint, address, blockHex, slots, signal);
      const standard = await read(EIP1967_SLOT_LIST.map((s) => BigInt(s)));
      if (!layout) return { rows: eip1967Rows(standard), capped: false };
      const first = firstSlots(layout.layout, preimages);
      const capped = first.length > MAX_SLOTS;
      const words = await read(first.slice(0, MAX_SLOTS));
      const more = elementSlots(layout.layout, words).slice(0, Math.max(0, MAX_SLOTS - words.size));
      for (const [k, v] of await read(more)) words.set(k, v);
      return {
        rows: [...storageRows(layout.layout, preimages, words), ...eip1967Rows(standard)],
        capped,
      };
    },
  });
  const headingId = `storage-${address}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-base font-semibold">
        Storage
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Read with eth_getStorageAt at block {BigInt(blockHex).toString()}
        {layout
          ? `, named by ${layout.name ?? "the verified"} layout. Mapping entries appear for the keys traces hashed this session (${preimages.length} kept).`
          : layoutPending
            ? "; the layout is being asked from Sourcify."
            : "; Sourcify has no storage layout for this contract, so only the standard proxy slots are named."}
      </p>
      {query.isPending ? <p role="status">Reading storage…</p> : null}
      {query.isError ? (
        <RpcErrorPanel
          error={query.error}
          title="eth_getStorageAt failed"
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data ? (
        <>
          <StorageTable rows={query.data.rows} />
          {query.data.capped ? (
            <p className="text-xs">Only the first {MAX_SLOTS} slots are read.</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export function StorageTable({ rows }: { rows: readonly StorageRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table aria-label="Storage" className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-1 pr-3">
              Variable
            </th>
            <th scope="col" className="py-1 pr-3">
              Type
            </th>
            <th scope="col" className="py-1 pr-3">
              Value
            </th>
            <th scope="col" className="py-1">
              Slot
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className="border-b border-slate-100 align-top dark:border-slate-800">
              <th scope="row" className="py-1 pr-3 font-mono font-normal break-all">
                {r.name}
              </th>
              <td className="py-1 pr-3 font-mono text-xs">{r.type}</td>
              <td className="py-1 pr-3 font-mono break-all">{readableValue(r)}</td>
              <td className="py-1 font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                {r.slot}
                {r.offset ? ` +${r.offset}` : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
