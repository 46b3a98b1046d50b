/**
 * The logs reader Worker's reading (serve.ts, scan.ts, pack.ts), run in this thread through a
 * stand-in port: whatever the chunks, the logs it sends — packed, or as parsed — are in order
 * exactly what JSON.parse makes of the answer; a log is packed only when it is in the canonical
 * shape the page's own stream checks (`isCanonicalLog`, no other field); an answer that is not a
 * result array is left to the page whole. On the reference client's recorded answers
 * (../shared/conformance) and on shapes a node may send.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { requireCorpus } from "../../test-support/corpus";
import { AbiRegistry } from "../../chain";
import { decodeLogRow } from "../decode";
import { groupRows } from "../groups";
import { KindIndex } from "../kinds";
import { memoDecode } from "../model";
import { isCanonicalLog, toLogRow, type LogRow, type RawLog } from "../row";
import { sortByArg } from "../sort";
import { rowsOfPacked } from "./pack";
import type { FromReader, ToReader } from "./protocol";
import { resultArrayStart, serveLogsReader } from "./serve";

// The answers' own bytes are read (the `<<` line as recorded), not their parse written again.
const DIR = requireCorpus("execution-apis/eth_getLogs");

const HASH = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const ADDR = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
/**
 * A log's data by its number: mostly an amount below 2^52, some at 2^52 and above (a digit set
 * before the last 13), some shorter than a word or two words long.
 */
function dataOf(i: number): string {
  const word = (n: bigint) => n.toString(16).padStart(64, "0");
  if (i % 11 === 5) return `0x${word(2n ** 52n + BigInt(i))}`;
  if (i % 11 === 6) return `0x${word(2n ** 52n - 1n)}`;
  if (i % 11 === 7) return `0x${"ab".repeat(i % 31)}`;
  if (i % 11 === 8) return `0x${word(BigInt(i))}${word(2n ** 255n)}`;
  return `0x${word(BigInt(i * 1000))}`;
}

function log(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    address: ADDR,
    topics: [HASH(0xddf252ad), HASH(i)],
    data: dataOf(i),
    blockNumber: `0x${(i >> 2).toString(16)}`,
    blockHash: HASH(i >> 2),
    transactionHash: HASH(i + 7),
    transactionIndex: "0x0",
    logIndex: `0x${i.toString(16)}`,
    removed: false,
    ...extra,
  };
}

interface Read {
  logs: unknown[];
  /** The parts as sent. */
  parts: Extract<FromReader, { type: "part" }>["part"][];
  /** Per log: whether it came packed. */
  packed: boolean[];
  end: Extract<FromReader, { type: "end" }>;
  text: string;
}

/** Feeds `answer` in chunks of `size` bytes (the last `cutOff`) and collects what is sent. */
function read(answer: string, size: number, cutOff = false): Read {
  const said: FromReader[] = [];
  const port = {
    onmessage: null as ((e: MessageEvent<ToReader>) => void) | null,
    postMessage: (m: FromReader) => said.push(m),
  };
  serveLogsReader(port);
  const say = (m: ToReader) => port.onmessage?.({ data: m } as MessageEvent<ToReader>);
  const bytes = new TextEncoder().encode(answer);
  for (let at = 0; at < bytes.length; at += size)
    say({ type: "chunk", bytes: bytes.slice(at, at + size) });
  say({ type: "end", cutOff });
  say({ type: "text" });
  const out: Read = { logs: [], parts: [], packed: [], end: null as never, text: "" };
  for (const m of said) {
    if (m.type === "part") {
      out.parts.push(m.part);
      let id = 0;
      const rows = m.part.kind === "packed" ? rowsOfPacked(m.part, () => id++) : null;
      // a packed log as the node sent it: the raw log its row gives back
      const got = rows ? rows.map((r) => r.raw) : m.part.kind === "items" ? m.part.items : [];
      // the rows the page makes of them are the rows it makes of the logs parsed; each one's first
      // data word read as Group by reads it from the text
      if (rows) {
        expect(rows.map(fields)).toEqual(got.map((l, i) => fields(toLogRow(l as RawLog, i))));
        expect(rows.map((r) => r.word0)).toEqual(rows.map((r) => firstWordOf(r.data)));
      }
      out.logs.push(...got);
      out.packed.push(...got.map(() => m.part.kind === "packed"));
    } else if (m.type === "end") out.end = m;
    else if (m.type === "text") out.text = m.text;
  }
  return out;
}

const SIZES = [1, 7, 64, 600, 4096, 1 << 20];

/**
 * A row's fields but its raw log (a packed row makes that when asked: compared on its own) and
 * its first word's value (a packed row's own: compared with `firstWordOf`).
 */
function fields(r: LogRow): Omit<LogRow, "raw" | "word0"> {
  const { raw: _raw, word0: _word0, ...rest } = { ...r, raw: null, word0: null };
  return rest;
}

/** The value of the data's first word when it is 51 zeros and 13 digits, else -1, from its text. */
function firstWordOf(data: string): number {
  return /^0x0{51}[0-9a-f]{13}/i.test(data) ? Number.parseInt(data.slice(53, 66), 16) : -1;
}

/** The answer read in every chunk size: its result, in order, and packed only when canonical. */
function expectReadAsParsed(answer: string): void {
  const parsed = JSON.parse(answer) as { result: unknown[] };
  // a byte at a time only for small answers (each chunk joins the element begun before it)
  for (const size of SIZES.filter((z) => z > 1 || answer.length < 20_000)) {
    const r = read(answer, size);
    expect(r.logs, `chunks of ${size}`).toEqual(parsed.result);
    expect(JSON.parse(r.end.envelope ?? "null")).toEqual({ ...parsed, result: 0 });
    expect(r.text).toBe(answer);
    r.logs.forEach((l, i) => {
      if (r.packed[i]) expect(isCanonicalLog(l), `log ${i} packed`).toBe(true);
    });
  }
}

const answerOf = (result: unknown, id: unknown = 1) =>
  JSON.stringify({ jsonrpc: "2.0", id, result });

describe("the logs reader Worker's reading", () => {
  it("reads canonical logs packed, in any chunks, as JSON.parse does", () => {
    const logs = Array.from({ length: 300 }, (_, i) => log(i));
    const answer = answerOf(logs);
    expectReadAsParsed(answer);
    const r = read(answer, 4096);
    expect(r.packed.every(Boolean)).toBe(true);
    expect(r.end.bytes).toBe(new TextEncoder().encode(answer).length);
    expect(r.end.head).toBe(answer);
  });

  it.skipIf(DIR === null)(
    "reads the reference client's recorded answers as JSON.parse does",
    () => {
      let answers = 0;
      const dir = DIR as string;
      for (const f of readdirSync(dir).filter((n) => n.endsWith(".io"))) {
        const line = readFileSync(join(dir, f), "utf8")
          .split("\n")
          .find((l) => l.startsWith("<< "));
        if (!line) continue;
        const answer = line.slice(3);
        const parsed = JSON.parse(answer) as { result?: unknown };
        if (!Array.isArray(parsed.result)) {
          // an error answer: nothing read ahead, the page reads it whole
          const r = read(answer, 64);
          expect(r.logs, f).toEqual([]);
          expect(r.end.envelope, f).toBeNull();
          expect(r.text, f).toBe(answer);
          continue;
        }
        answers++;
        expectReadAsParsed(answer);
        expect(read(answer, 64).packed.every(Boolean), f).toBe(true);
      }
      expect(answers).toBeGreaterThan(3);
    },
  );

  it("sends any other element as parsed, in its place, and packs the canonical ones around it", () => {
    const odd: Record<string, unknown>[] = [
      log(1, { extra: "kept" }), // a field the app does not know
      log(2, { logIndex: 2 }), // an index as a number
      log(3, { blockHash: null, blockNumber: null }), // pending: null is canonical
      log(4, { removed: true }),
      log(5, { topics: [] }),
      log(6, { topics: [1, 2, 3, 4, 5].map(HASH) }), // five topics
      log(7, { data: "0x0" }), // odd digits
      log(8, { address: ADDR.toUpperCase().replace("0X", "0x") }),
      log(9, { address: "0x12" }), // too short
      log(10, { note: 'ünïcödé "quoted" \\ and \u2028' }),
      { ...log(11), blocknumber: "0x1" }, // a spec lower-case key
      log(12, { blockTimestamp: undefined }),
      log(13, { transactionHash: "0x" }), // no digits
      log(14, { blockTimestamp: "0x1234567890abcdef1" }), // more digits than a double holds
      log(15, { transactionIndex: null, logIndex: null }),
      log(16, { logIndex: "0x01" }), // a leading zero: its raw log must say so
    ];
    const logs = odd.flatMap((l, i) => [log(100 + i), l]);
    // a key sent twice: JSON.parse keeps the last
    const twice = JSON.stringify(log(17)).replace(
      '{"address"',
      `{"address":"0x${"1".repeat(40)}","address"`,
    );
    const answer = answerOf(logs).replace(/\]\}$/, `,${twice}]}`);
    expectReadAsParsed(answer);
    const r = read(answer, 33);
    expect(r.packed.filter((p) => !p).length).toBeGreaterThanOrEqual(8);
  });

  it("reads pretty-printed answers, keys in any order, and an envelope with result first", () => {
    const logs = [log(1), log(2, { removed: true }), log(3)];
    const reordered = logs.map((l) => Object.fromEntries(Object.entries(l).reverse()));
    expectReadAsParsed(JSON.stringify({ jsonrpc: "2.0", id: 1, result: logs }, null, 2));
    expectReadAsParsed(`{"result":${JSON.stringify(reordered)},"id":7,"jsonrpc":"2.0"}`);
    expectReadAsParsed(answerOf([]));
    expectReadAsParsed(
      `{ "jsonrpc" : "2.0" , "id" : "a\\"b" , "result" : [ ${JSON.stringify(log(1))} ] }`,
    );
  });

  it("leaves an answer that is not a result array, or is cut off, to the page whole", () => {
    const errors = [
      `{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"query returned more than 10000 results"}}`,
      `{"jsonrpc":"2.0","id":1,"result":null}`,
      `[{"jsonrpc":"2.0","id":1,"result":[]}]`,
      `<html>Bad Gateway</html>`,
      answerOf([log(1), log(2)]).slice(0, -40), // cut short
      answerOf([log(1)]).replace('"data"', '"data" "x"'), // malformed
    ];
    for (const answer of errors) {
      const r = read(answer, 16);
      expect(r.end.envelope, answer).toBeNull();
      expect(r.text, answer).toBe(answer);
    }
    // The connection closed mid-answer: not read as a result, whatever arrived.
    expect(read(answerOf([log(1)]), 16, true).end.envelope).toBeNull();
  });

  it("finds the result array past the envelope's other members, and only there", () => {
    const at = (s: string) => resultArrayStart(new TextEncoder().encode(s));
    expect(at(`{"id":{"nested":["result"]},"result":[`)).toBe(38);
    expect(at(`{"jsonrpc":"2.0","id":1,"res`)).toBe(-1);
    expect(at(`{"error":{"result":[]},"id":1}`)).toBe(-2);
    expect(at(`{"result":{}}`)).toBe(-2);
  });
});

describe("a packed row's first word (read from the bytes by the Worker)", () => {
  it("groups and sorts by an amount as the same logs parsed do: below 2^52, at it, above, short data", () => {
    const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
    // the data's amounts repeat (i % 40): groups of several logs
    const logs = Array.from({ length: 440 }, (_, i) =>
      log(i, { topics: [TRANSFER, HASH(i % 3), HASH(i % 5)], data: dataOf(i % 40) }),
    );
    let id = 0;
    const packed: LogRow[] = [];
    for (const m of read(answerOf(logs), 4096).parts)
      if (m.kind === "packed") packed.push(...rowsOfPacked(m, () => id++));
    expect(packed).toHaveLength(logs.length);
    expect(packed.some((r) => (r.word0 ?? -1) > 0) && packed.some((r) => r.word0 === -1)).toBe(
      true,
    );
    const parsed = logs.map((l, i) => toLogRow(l as RawLog, i));
    const index = new KindIndex(memoDecode((r) => decodeLogRow(r, new AbiRegistry())));
    // the logs whose data is no Transfer's (short, odd) are of no kind: grouped by Transfer's value
    const kind = index.kindOf(parsed[0] as LogRow);
    expect(kind?.name).toBe("Transfer");
    const groupsOf = (rows: LogRow[]) =>
      groupRows(rows, index, kind, "arg:value").groups.map((g) => `${g.key}:${g.count}:${g.sums}`);
    expect(groupsOf(packed)).toEqual(groupsOf(parsed));
    expect(groupsOf(parsed).length).toBeGreaterThan(20);
    for (const dir of ["asc", "desc"] as const)
      expect(sortByArg(packed, index, "value", dir).map((r) => r.id)).toEqual(
        sortByArg(parsed, index, "value", dir).map((r) => r.id),
      );
  });
});
