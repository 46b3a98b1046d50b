/**
 * Token flow: the transfers as a flow graph in execution order. Addresses are the nodes (one
 * column each, in order of first appearance); every transfer is a numbered edge between two
 * columns with its amount, top to bottom as it happened, so 2 or 200 transfers read the same
 * way. Choosing an edge selects the frame that made it. A lane is headed by its address's name (a
 * verified contract's, the user's label) over its short address, else the whole address
 * (checksummed), and links to the address's page. Amounts read as every view writes them
 * (ui/basics/Values amountText), the exact integer in the transfer's title.
 */
import { DEFAULT_NATIVE_SYMBOL } from "../../chain/nativeUnit";
import { InsightSection } from "./Section";
import { useContext, useId } from "react";
import { addressHref, AddressNames, amountText, checksumOf, shortAddress } from "../../ui";
import { assetLabel, decimalsOf, type TokenMeta } from "./BalanceChanges";
import type { Transfer } from "./transfers";

const COL = 180;
const HEAD = 56;
const ROW = 30;
const PAD = 16;

function transferText(
  t: Transfer,
  meta: ReadonlyMap<string, TokenMeta>,
  nativeSymbol: string,
  nameOf: (a: string) => string | null,
) {
  const label = assetLabel(t.asset, meta, nativeSymbol, nameOf);
  if (t.asset.kind === "erc721") return label;
  return `${amountText(t.amount, decimalsOf(t.asset, meta))} ${label}`;
}

export function TokenFlow({
  transfers,
  tokenMeta = new Map(),
  nativeSymbol = DEFAULT_NATIVE_SYMBOL,
  selectedFrame,
  onSelectFrame,
}: {
  transfers: readonly Transfer[];
  tokenMeta?: ReadonlyMap<string, TokenMeta>;
  nativeSymbol?: string;
  selectedFrame?: number;
  onSelectFrame: (frame: number) => void;
}) {
  const headingId = useId();
  const markerId = `flow-arrow-${headingId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const nodes: string[] = [];
  const column = new Map<string, number>();
  for (const t of transfers)
    for (const a of [t.from, t.to])
      if (!column.has(a)) {
        column.set(a, nodes.length);
        nodes.push(a);
      }
  const width = Math.max(nodes.length, 2) * COL + PAD * 2;
  const height = HEAD + transfers.length * ROW + PAD;
  const x = (a: string) => PAD + (column.get(a) ?? 0) * COL + COL / 2;
  const namer = useContext(AddressNames);
  const nameOf = (a: string) =>
    /^0x0{40}$/i.test(a) ? "(mint/burn)" : (namer.name(a)?.text ?? null);
  /** How an address reads in a transfer's label: its name with its hex, or the hex alone. */
  const spoken = (a: string) => {
    const n = nameOf(a);
    const full = checksumOf(a);
    return n ? `${n} (${full})` : full;
  };

  return (
    <InsightSection
      title="Token flow"
      note={
        <>
          {transfers.length} transfers between {nodes.length} addresses, numbered in execution
          order. Choose a transfer to select the frame that made it.
        </>
      }
    >
      {transfers.length === 0 ? (
        <p className="text-sm">No value or token moved in frames that took effect.</p>
      ) : (
        // The graph grows a column per address: it scrolls inside its box, which never grows
        // past the view (min-w-0 lets a flex or grid parent shrink it).
        <div className="max-h-[70vh] w-full max-w-full min-w-0 overflow-auto rounded border border-slate-200 dark:border-slate-700">
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="group"
            aria-label={`Token flow: ${transfers.length} transfers`}
            className="text-slate-800 dark:text-slate-100"
          >
            <defs>
              <marker
                id={markerId}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerWidth="7"
                markerHeight="7"
                orient="auto-start-reverse"
              >
                <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
              </marker>
            </defs>
            {nodes.map((a) => (
              <g key={a} data-lane={checksumOf(a)}>
                <line
                  x1={x(a)}
                  x2={x(a)}
                  y1={HEAD - 8}
                  y2={height - PAD / 2}
                  stroke="currentColor"
                  strokeOpacity={0.2}
                />
                {/* the name over the short address; with no name, the address whole on two lines;
                    either way a link to the address's page */}
                {(() => {
                  const n = nameOf(a);
                  const full = checksumOf(a);
                  const lines = n
                    ? [n.length > 24 ? `${n.slice(0, 23)}…` : n, shortAddress(a)]
                    : [full.slice(0, 22), full.slice(22)];
                  const texts = lines.map((part, k) => (
                    <text
                      key={k}
                      x={x(a)}
                      y={18 + 13 * k}
                      textAnchor="middle"
                      fontFamily={n && k === 0 ? "sans-serif" : "monospace"}
                      fontWeight={n && k === 0 ? 600 : undefined}
                      fontSize={n && k === 0 ? 12 : 10}
                      fill="currentColor"
                      data-lane-name={n && k === 0 ? "" : undefined}
                    >
                      {part}
                    </text>
                  ));
                  return /^0x0{40}$/i.test(a) ? (
                    <>
                      <title>{spoken(a)}</title>
                      {texts}
                    </>
                  ) : (
                    <a
                      href={addressHref(full)}
                      aria-label={`${n ? `${n} ` : ""}${full}`}
                      className="hover:underline focus:underline"
                    >
                      <title>{spoken(a)}</title>
                      {/* the lane's head is the link's area, not only its glyphs */}
                      <rect
                        x={x(a) - COL / 2 + 4}
                        y={4}
                        width={COL - 8}
                        height={32}
                        fill="transparent"
                      />
                      {texts}
                    </a>
                  );
                })()}
              </g>
            ))}
            {transfers.map((t, i) => {
              const y = HEAD + i * ROW + ROW / 2;
              const x1 = x(t.from);
              const x2 = x(t.to);
              const selected = selectedFrame === t.frame;
              const amount = transferText(t, tokenMeta, nativeSymbol, nameOf);
              const label = `Transfer ${t.order}: ${amount} from ${spoken(t.from)} to ${spoken(t.to)}`;
              return (
                <g
                  key={t.order}
                  role="button"
                  tabIndex={0}
                  aria-label={label}
                  aria-pressed={selected}
                  className="cursor-pointer focus:outline-none"
                  onClick={() => onSelectFrame(t.frame)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" || e.key === " ") {
                      e.preventDefault();
                      onSelectFrame(t.frame);
                    }
                  }}
                >
                  <title>
                    {t.asset.kind === "erc721" || decimalsOf(t.asset, tokenMeta) === undefined
                      ? label
                      : `${label} — exactly ${t.amount.toString()} in the smallest unit`}
                  </title>
                  <rect
                    x={Math.min(x1, x2) - 6}
                    y={y - ROW / 2 + 2}
                    width={Math.abs(x2 - x1) + 12}
                    height={ROW - 4}
                    fill={selected ? "rgb(251 191 36 / 0.35)" : "transparent"}
                  />
                  <line
                    x1={x1}
                    x2={x2}
                    y1={y + 6}
                    y2={y + 6}
                    stroke={t.asset.kind === "native" ? "rgb(37 99 235)" : "rgb(5 150 105)"}
                    strokeWidth={selected ? 3 : 1.6}
                    markerEnd={`url(#${markerId})`}
                  />
                  <text
                    x={(x1 + x2) / 2}
                    y={y + 1}
                    textAnchor="middle"
                    fontSize={10.5}
                    fill="currentColor"
                  >
                    {`#${t.order} ${amount}`}
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </InsightSection>
  );
}
