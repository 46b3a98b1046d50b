import { getAddress, toEventSelector } from "viem";
import { describe, expect, it } from "vitest";
import { flatten } from "../flatten";
import { callFrameSchema, type CallFrame } from "../result";
import insightTrace from "./fixtures/insight-calltracer.json";
import insightDiff from "./fixtures/insight-prestate-diff.json";
import { deriveGasByFunction } from "./gasRows";
import { readStateDiff, readWord, ZERO_WORD } from "./stateDiff";
import {
  APPROVAL,
  DEPOSIT,
  tokenEventEmitters,
  TRANSFER,
  TRANSFER_BATCH,
  TRANSFER_SINGLE,
  WITHDRAWAL,
  deriveBalanceChanges,
  deriveTransfers,
  ZERO_ADDRESS,
  type BalanceChange,
  type Transfer,
} from "./transfers";

// The devnet's insight transaction (devnet/contracts/Insight.sol `run`), traced by anvil with
// callTracer + withLog and prestateTracer + diffMode.
const E18 = 10n ** 18n;
const sender = getAddress("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266");
const insight = getAddress("0x367761085bf3c12e5da2df99ac6e1a824612b8fb");
const [a5, a6, a7] = [
  "0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc",
  "0x976ea74026e726554db657fa54763abd0c3a0aa9",
  "0x14dc79964da2c08b23698b3d3cc7ca32193d9955",
].map((a) => getAddress(a)) as [string, string, string];

const model = (frame: unknown) => flatten(callFrameSchema.parse(frame));
const A = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const topicOf = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}`;
const word = (n: bigint) => n.toString(16).padStart(64, "0");

function delta(rows: BalanceChange[], address: string, kind: string, tokenId?: bigint): bigint {
  const row = rows.find(
    (r) =>
      r.address === getAddress(address) &&
      r.asset.kind === kind &&
      (tokenId === undefined || r.asset.tokenId === tokenId),
  );
  if (!row) throw new Error(`no ${kind} row for ${address}`);
  return row.delta;
}

describe("the token events read, by topic0", () => {
  it("are the topics of their signatures", () => {
    expect(TRANSFER).toBe(toEventSelector("Transfer(address,address,uint256)"));
    expect(TRANSFER_SINGLE).toBe(
      toEventSelector("TransferSingle(address,address,address,uint256,uint256)"),
    );
    expect(TRANSFER_BATCH).toBe(
      toEventSelector("TransferBatch(address,address,address,uint256[],uint256[])"),
    );
    expect(DEPOSIT).toBe(toEventSelector("Deposit(address,uint256)"));
    expect(WITHDRAWAL).toBe(toEventSelector("Withdrawal(address,uint256)"));
    expect(APPROVAL).toBe(toEventSelector("Approval(address,address,uint256)"));
  });

  it("name the ERC-20 emitters whose amounts the tree's events read in units, once each", () => {
    const pad = (a: string) => `0x${a.slice(2).padStart(64, "0")}`;
    const token = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    const nft = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";
    const from = "0x00000000000000000000000000000000000000aa";
    const erc20 = (topic0: string) => ({
      address: token,
      topics: [topic0, pad(from), pad(from)],
      data: pad("0x1"),
    });
    const model = flatten({
      type: "CALL",
      from,
      to: token,
      gas: "0x1",
      gasUsed: "0x1",
      input: "0x",
      logs: [erc20(TRANSFER), erc20(APPROVAL)],
      calls: [
        {
          type: "CALL",
          from: token,
          to: nft,
          gas: "0x1",
          gasUsed: "0x1",
          input: "0x",
          // An ERC-721 Transfer (its id indexed: four topics) is no amount.
          logs: [
            { address: nft, topics: [TRANSFER, pad(from), pad(from), pad("0x7")], data: "0x" },
          ],
        },
      ],
    });
    expect(tokenEventEmitters(model)).toEqual([getAddress(token)]);
  });
});

describe("transfers and balance changes of the devnet's insight transaction", () => {
  const m = model(insightTrace);
  const transfers = deriveTransfers(m);
  const rows = deriveBalanceChanges(transfers);

  it("moves native value only through frames that took effect", () => {
    const native = (a: string) => delta(rows, a, "native");
    expect(native(sender)).toBe(-5n * E18);
    expect(native(a5)).toBe(E18);
    expect(native(a6)).toBe(E18 / 2n);
    // 0.1 from the self-destructed Piggy; the 0.25 sent in the reverted branch does not count
    expect(native(a7)).toBe(E18 / 10n);
    expect(native(insight)).toBe((19n * E18) / 10n);
    const sum = rows.filter((r) => r.asset.kind === "native").reduce((s, r) => s + r.delta, 0n);
    expect(sum).toBe(0n);
  });

  it("reads ERC-20, WETH, ERC-721 and ERC-1155 moves, mints and burns against the zero address", () => {
    const erc20 = rows.filter((r) => r.asset.kind === "erc20");
    const tokens = new Set(erc20.map((r) => r.asset.token));
    expect(tokens.size).toBe(2); // NST and WETH
    // NST: 7 to a5, and not the 1 of the reverted branch to a7
    expect(erc20.some((r) => r.address === a5 && r.delta === 7n * E18)).toBe(true);
    expect(erc20.some((r) => r.address === a7)).toBe(false);
    // WETH: deposit 2 (mint), 1 on to a6, withdraw 0.5 (burn)
    expect(erc20.some((r) => r.address === a6 && r.delta === E18)).toBe(true);
    expect(erc20.some((r) => r.address === ZERO_ADDRESS && r.delta === (-3n * E18) / 2n)).toBe(
      true,
    );
    expect(delta(rows, a7, "erc721", 42n)).toBe(1n);
    expect(delta(rows, ZERO_ADDRESS, "erc721", 42n)).toBe(-1n);
    expect(delta(rows, insight, "erc721", 43n)).toBe(0n); // minted and burnt
    expect(delta(rows, a5, "erc1155", 1n)).toBe(30n);
    expect(delta(rows, a6, "erc1155", 1n)).toBe(10n);
    expect(delta(rows, a6, "erc1155", 2n)).toBe(5n);
    expect(delta(rows, insight, "erc1155", 1n)).toBe(60n);
  });

  it("numbers the transfers in execution order and points each at its frame", () => {
    expect(transfers.map((t) => t.order)).toEqual(transfers.map((_, i) => i + 1));
    const first = transfers[0] as Transfer;
    expect(first).toMatchObject({ frame: 0, from: sender, to: insight, amount: 5n * E18 });
    const selfdestruct = transfers.find((t) => t.to === a7 && t.asset.kind === "native");
    expect(m.frames[selfdestruct?.frame ?? -1]?.type).toBe("SELFDESTRUCT");
    const deposit = transfers.findIndex((t) => t.via === "Deposit");
    const wethSend = transfers.findIndex((t) => t.to === a6 && t.asset.kind === "erc20");
    const withdrawal = transfers.findIndex((t) => t.via === "Withdrawal");
    expect(deposit).toBeGreaterThan(0);
    expect(deposit).toBeLessThan(wethSend);
    expect(wethSend).toBeLessThan(withdrawal);
  });
});

describe("transfers on hand-built traces", () => {
  const call = (extra: Partial<CallFrame>): CallFrame => ({
    type: "CALL",
    from: A(1),
    to: A(2),
    gas: "0x0",
    gasUsed: "0x0",
    input: "0x",
    ...extra,
  });
  const transferLog = (token: string, from: string, to: string, amount: bigint, position = 0) => ({
    address: token,
    topics: [TRANSFER, topicOf(from), topicOf(to)],
    data: `0x${word(amount)}`,
    position: `0x${position.toString(16)}`,
  });

  it("ignores value and logs under a reverted frame, nested however deep", () => {
    const trace = call({
      value: "0x1",
      calls: [
        call({
          from: A(2),
          to: A(3),
          error: "execution reverted",
          calls: [
            call({
              from: A(3),
              to: A(4),
              value: "0x5",
              logs: [transferLog(A(9), A(3), A(4), 7n)],
              calls: [call({ from: A(4), to: A(5), value: "0x6" })],
            }),
          ],
          // a client that keeps the logs of reverted frames
          logs: [transferLog(A(9), A(2), A(3), 8n)],
        }),
      ],
    });
    const t = deriveTransfers(model(trace));
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ from: getAddress(A(1)), to: getAddress(A(2)), amount: 1n });
  });

  it("moves nothing for DELEGATECALL/STATICCALL values, and reads lower-case types", () => {
    const trace = call({
      type: "call",
      value: "0x2",
      calls: [
        call({ type: "DELEGATECALL", from: A(2), to: A(3), value: "0x2" }),
        call({ type: "STATICCALL", from: A(2), to: A(3), value: "0x9" }),
        call({ type: "selfdestruct", from: A(2), to: A(6), value: "0x3" }),
      ],
    });
    const rows = deriveBalanceChanges(deriveTransfers(model(trace)));
    expect(delta(rows, A(1), "native")).toBe(-2n);
    expect(delta(rows, A(2), "native")).toBe(-1n);
    expect(delta(rows, A(6), "native")).toBe(3n);
    expect(rows.some((r) => r.address === getAddress(A(3)))).toBe(false);
  });

  it("places logs between subcalls by position, and logs without one last", () => {
    const token = A(9);
    const trace = call({
      calls: [
        call({ from: A(2), to: A(3), value: "0x1" }),
        call({ from: A(2), to: A(4), value: "0x1" }),
      ],
      logs: [
        { address: token, topics: [TRANSFER, topicOf(A(2)), topicOf(A(7))], data: `0x${word(3n)}` },
        transferLog(token, A(2), A(5), 1n, 1),
        transferLog(token, A(2), A(6), 2n, 0),
      ],
    });
    const order = deriveTransfers(model(trace)).map((t) => t.to);
    expect(order).toEqual([A(6), A(3), A(5), A(4), A(7)].map((a) => getAddress(a)));
  });

  it("skips logs that only look like transfers", () => {
    const trace = call({
      logs: [
        { address: A(9), topics: [TRANSFER, topicOf(A(2))], data: `0x${word(1n)}` },
        { address: A(9), topics: [TRANSFER, topicOf(A(2)), topicOf(A(3))], data: "0x" },
        {
          address: "not an address",
          topics: [TRANSFER, topicOf(A(2)), topicOf(A(3))],
          data: `0x${word(1n)}`,
        },
      ],
    });
    expect(deriveTransfers(model(trace))).toEqual([]);
  });
});

describe("state changes (prestateTracer, diffMode)", () => {
  it("reads every account, with slots cleared to zero and set from zero", () => {
    const result = readStateDiff(insightDiff);
    expect(result.kind).toBe("diff");
    if (result.kind !== "diff") return;
    const acct = result.accounts.find((a) => a.address === insight);
    expect(acct).toBeDefined();
    // runs: 0 → 1 (set from zero: absent from pre)
    const runs = acct?.storage.find((s) => s.slot === ZERO_WORD);
    expect(runs).toEqual({ slot: ZERO_WORD, before: ZERO_WORD, after: `0x${word(1n)}` });
    // scratch (slot 3): 7 → 0 (cleared: absent from post)
    const scratch = acct?.storage.find((s) => s.slot === `0x${word(3n)}`);
    expect(scratch).toEqual({ slot: `0x${word(3n)}`, before: `0x${word(7n)}`, after: ZERO_WORD });
    const from = result.accounts.find((a) => a.address === sender);
    expect(from?.nonce?.after).toBe((from?.nonce?.before ?? 0n) + 1n);
    expect((from?.balance?.before ?? 0n) - (from?.balance?.after ?? 0n)).toBeGreaterThan(5n * E18);
  });

  it("explains a node that ignored diffMode, and refuses what is not a prestate", () => {
    expect(readStateDiff({ [A(1)]: { balance: "0x1", nonce: 1 } })).toEqual({
      kind: "prestate",
      accounts: 1,
    });
    expect(readStateDiff({ hello: 1 }).kind).toBe("unreadable");
  });

  it("reads plain words", () => {
    expect(readWord(`0x${word(42n)}`)).toBe("42");
    expect(readWord(topicOf("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"))).toBe(sender);
    expect(readWord(`0x${"f".repeat(64)}`)).toBeNull();
  });
});

describe("gas by function", () => {
  it("adds self gas up to the transaction's and groups frames per contract and selector", () => {
    const m = model(insightTrace);
    const rows = deriveGasByFunction(m);
    const selfSum = rows.reduce((s, r) => s + r.self, 0);
    expect(selfSum).toBe(m.gasUsed[0]);
    const frames = rows.reduce((s, r) => s + r.frames.length, 0);
    expect(frames).toBe(m.size);
    const mint = rows.filter((r) => r.calls === 2 && r.kind === "call");
    expect(mint.length).toBeGreaterThan(0);
    const topRow = rows.find((r) => r.frames.includes(0));
    expect(topRow?.share).toBe(1);
    // Self shares are of the same whole as self gas: they add up to all of it.
    expect(rows.reduce((s, r) => s + r.selfShare, 0)).toBeCloseTo(1, 9);
    for (const r of rows) expect(r.selfShare).toBeCloseTo(r.self / (m.gasUsed[0] as number), 9);
  });
});
