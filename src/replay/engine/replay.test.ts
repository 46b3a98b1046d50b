// The engine on the real devnet: every scenario transaction replayed from anvil's state at the
// parent block and set against anvil's own debug_traceTransaction (callTracer frame by frame,
// prestate diff), a transaction that needs the one before it in its block, the requests a replay
// costs, and a node that refuses proofs.
import { encodeDeployData, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { startAnvil } from "../../../devnet/anvil.mjs";
import { compileContracts } from "../../../devnet/compile.mjs";
import { sharedDevnet, type SharedDevnet } from "../../../devnet/sharedDevnet";
import { STORAGE_TRACER } from "../../trace/source/tracer";
import { debugTracerText } from "../../trace/steps/tracer";
import type { CallFrame } from "./callTracer";
import { ReplayReadError, ReplayUnsupportedError } from "./errors";
import type { Read } from "./reads";
import { runReplay } from "./run";

let devnet: SharedDevnet;

/** JSON-RPC over fetch, bounded; a node's error becomes the engine's read error. */
function reader(url: string, log: { method: string; params: readonly unknown[] }[] = []): Read {
  return async (method, params) => {
    log.push({ method, params });
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new ReplayReadError(body.error.message, method);
    return body.result;
  };
}

const node = (method: string, params: readonly unknown[]) =>
  reader(devnet.anvilUrl)(method, params);

beforeAll(async () => {
  devnet = await sharedDevnet();
}, 120_000);

/** The frames in order, with the fields the issue compares (anvil adds detail after "out of gas"). */
function frames(f: CallFrame, top = true): Record<string, unknown>[] {
  const own = {
    type: f.type,
    from: f.from,
    to: f.to,
    value: f.value,
    gas: f.gas,
    gasUsed: top ? "(receipt)" : f.gasUsed,
    input: f.input,
    output: f.output,
    error: f.error?.startsWith("out of gas") ? "out of gas" : f.error,
    revertReason: f.revertReason,
    logs: f.logs,
  };
  return [own, ...(f.calls ?? []).flatMap((c) => frames(c, false))];
}

const labels = () => Object.keys(devnet.manifest.transactions);

describe("every devnet scenario transaction", () => {
  it("comes out as anvil's callTracer, frame by frame, with the receipt's gas used", async () => {
    const config = { tracer: "callTracer", tracerConfig: { withLog: true } };
    const differences: string[] = [];
    for (const label of labels()) {
      const tx = devnet.manifest.transactions[label];
      if (!tx) continue;
      const [outcome, theirs, receipt] = await Promise.all([
        runReplay(reader(devnet.anvilUrl), {
          method: "debug_traceTransaction",
          params: [tx.hash, config],
        }),
        node("debug_traceTransaction", [tx.hash, config]) as Promise<CallFrame>,
        node("eth_getTransactionReceipt", [tx.hash]) as Promise<{ gasUsed: string }>,
      ]);
      const ours = outcome.result as CallFrame;
      if (ours.gasUsed !== receipt.gasUsed)
        differences.push(`${label}: gas used ${ours.gasUsed}, receipt ${receipt.gasUsed}`);
      const a = frames(ours);
      const b = frames(theirs);
      if (a.length !== b.length)
        differences.push(`${label}: ${a.length} frames, anvil ${b.length}`);
      a.forEach((f, i) => {
        if (JSON.stringify(f) !== JSON.stringify(b[i]))
          differences.push(`${label} frame ${i}: ${JSON.stringify(f)} ≠ ${JSON.stringify(b[i])}`);
      });
      if (outcome.notes.some((n) => n.includes("differs")))
        differences.push(`${label}: ${outcome.notes.join(" ")}`);
    }
    expect(differences).toEqual([]);
    expect(labels().length).toBeGreaterThan(20);
  }, 600_000);

  it("gives anvil's prestate diff", async () => {
    const config = { tracer: "prestateTracer", tracerConfig: { diffMode: true } };
    const differences: string[] = [];
    for (const label of labels()) {
      const tx = devnet.manifest.transactions[label];
      if (!tx) continue;
      const [outcome, theirs] = await Promise.all([
        runReplay(reader(devnet.anvilUrl), {
          method: "debug_traceTransaction",
          params: [tx.hash, config],
        }),
        node("debug_traceTransaction", [tx.hash, config]),
      ]);
      if (JSON.stringify(outcome.result) !== JSON.stringify(theirs))
        differences.push(
          `${label}: ${JSON.stringify(outcome.result).slice(0, 400)} ≠ ${JSON.stringify(theirs).slice(0, 400)}`,
        );
    }
    expect(differences).toEqual([]);
  }, 600_000);
});

describe("a transaction in the middle of its block", () => {
  // It turns automine off and mines a block: on an anvil of its own, with the devnet's token, so
  // the shared devnet's chain stays as the other files read it.
  it("sees what the earlier ones wrote, and comes out as on chain", async () => {
    const anvil = await startAnvil();
    try {
      await middleOfBlock(anvil.url);
    } finally {
      await anvil.stop();
    }
  }, 120_000);
});

/** The receipt, once there: automine answers with the hash a moment before it is. */
async function mined(node: Read, hash: unknown): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const receipt = (await node("eth_getTransactionReceipt", [hash])) as Record<
      string,
      unknown
    > | null;
    if (receipt) return receipt;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no receipt for ${String(hash)}`);
}

async function middleOfBlock(url: string) {
  const node = reader(url);
  const accounts = (await node("eth_accounts", [])) as Hex[];
  const [owner, middle, last] = [accounts[0], accounts[7], accounts[8]];
  const Token = compileContracts().artifacts.NodescopeToken;
  if (!Token || !owner) throw new Error("no token artifact or no account");
  const deployment = await node("eth_sendTransaction", [
    {
      from: owner,
      data: encodeDeployData({ abi: Token.abi, bytecode: Token.bytecode, args: [10n ** 24n] }),
    },
  ]);
  const token = (await mined(node, deployment)).contractAddress as Hex;
  const amount = 12_345n;
  const balanceOf = async (who: Hex) =>
    BigInt(
      (await node("eth_call", [
        {
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [who] }),
        },
        "latest",
      ])) as string,
    );
  // `middle` sends more than it holds before the block: only the first transaction makes it enough.
  const onward = (await balanceOf(middle as Hex)) + amount;
  await node("evm_setAutomine", [false]);
  let second: Hex;
  try {
    await node("eth_sendTransaction", [
      {
        from: owner,
        to: token,
        gas: "0x30d40",
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [middle as Hex, amount],
        }),
      },
    ]);
    second = (await node("eth_sendTransaction", [
      {
        from: middle,
        to: token,
        gas: "0x30d40",
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [last as Hex, onward],
        }),
      },
    ])) as Hex;
    await node("evm_mine", []);
  } finally {
    await node("evm_setAutomine", [true]);
  }
  const receipt = (await node("eth_getTransactionReceipt", [second])) as {
    status: string;
    gasUsed: string;
    transactionIndex: string;
  };
  expect(receipt.status).toBe("0x1");
  expect(receipt.transactionIndex).toBe("0x1");
  const progress: string[] = [];
  const outcome = await runReplay(
    node,
    { method: "debug_traceTransaction", params: [second, { tracer: "callTracer" }] },
    { onProgress: (p) => void (p.phase === "run" && progress.push(p.text)) },
  );
  const frame = outcome.result as CallFrame;
  expect(frame.error).toBeUndefined();
  expect(frame.gasUsed).toBe(receipt.gasUsed);
  expect(outcome.notes.filter((n) => n.includes("differs"))).toEqual([]);
  expect(progress).toContain("replaying 2 of 2");
}

describe("requests", () => {
  it("reads each account at most 3 times and each slot once, beyond a fixed handful", async () => {
    const tx = devnet.manifest.transactions.storage;
    if (!tx) throw new Error("the devnet has no storage transaction");
    const log: { method: string; params: readonly unknown[] }[] = [];
    const outcome = await runReplay(reader(devnet.anvilUrl, log), {
      method: "debug_traceTransaction",
      params: [tx.hash, { tracer: "callTracer" }],
    });
    const keys = log.map((r) => JSON.stringify([r.method, r.params]));
    expect(new Set(keys).size).toBe(keys.length); // nothing asked twice
    const accounts = new Set(
      log
        .filter(
          (r) =>
            r.method !== "eth_getStorageAt" &&
            typeof r.params[0] === "string" &&
            r.params[0].length === 42,
        )
        .map((r) => r.params[0]),
    ).size;
    const slots = log.filter((r) => r.method === "eth_getStorageAt").length;
    expect(slots).toBeGreaterThan(3);
    // receipt, chain id, block
    expect(log.length).toBeLessThanOrEqual(3 * accounts + slots + 3);
    expect(outcome.requests).toBe(log.length);
  }, 60_000);

  it("reads accounts with plain methods when the node refuses proofs, with the same answer", async () => {
    const tx = devnet.manifest.transactions.nestedCalls;
    if (!tx) throw new Error("the devnet has no nestedCalls transaction");
    const log: { method: string; params: readonly unknown[] }[] = [];
    const plain = reader(devnet.anvilUrl, log);
    const refusing: Read = (method, params) =>
      method === "eth_getProof"
        ? Promise.reject(new ReplayReadError("the method eth_getProof does not exist", method))
        : plain(method, params);
    const config = { tracer: "prestateTracer", tracerConfig: { diffMode: true } };
    const [outcome, theirs] = await Promise.all([
      runReplay(refusing, { method: "debug_traceTransaction", params: [tx.hash, config] }),
      node("debug_traceTransaction", [tx.hash, config]),
    ]);
    expect(outcome.result).toEqual(theirs);
    expect(log.some((r) => r.method === "eth_getBalance")).toBe(true);
  }, 60_000);
});

describe("Nodescope's storage tracer", () => {
  // Left out: where anvil's engine and geth's differ, the replay gives geth's (the nodes users
  // have): a SELFDESTRUCT bracketed as a SELFDESTRUCT frame to the beneficiary (anvil: a CALL to
  // the contract; nestedCalls, insight), and an SSTORE failing before it runs reaching the tracer
  // with its error and opcode (anvil: only at the frame's exit; innerOutOfGas).
  it("gives anvil's answer, computed from the replay's steps", async () => {
    const config = { tracer: STORAGE_TRACER };
    const differences: string[] = [];
    for (const label of [
      "storage",
      "storageRetry",
      "innerRevert",
      "debugFail",
      "debugRun",
      "tokenTransfer",
      "decoding",
    ]) {
      const tx = devnet.manifest.transactions[label];
      if (!tx) continue;
      const [outcome, theirs] = await Promise.all([
        runReplay(reader(devnet.anvilUrl), {
          method: "debug_traceTransaction",
          params: [tx.hash, config],
        }),
        node("debug_traceTransaction", [tx.hash, config]),
      ]);
      const [a, b] = [JSON.stringify(outcome.result), JSON.stringify(theirs)];
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      if (a !== b)
        differences.push(`${label}: …${a.slice(i - 200, i + 200)} ≠ …${b.slice(i - 200, i + 200)}`);
    }
    expect(differences).toEqual([]);
  }, 300_000);
});

describe("the debugger's tracer", () => {
  it("gives anvil's pass 1 and a window of steps, recognised from the options its text carries", async () => {
    const tx = devnet.manifest.transactions.debugFail;
    if (!tx) throw new Error("the devnet has no debugFail transaction");
    for (const text of [
      debugTracerText(),
      debugTracerText({ window: { frame: 0, from: 10, to: 40 } }),
    ]) {
      const config = { tracer: text };
      const [outcome, theirs] = await Promise.all([
        runReplay(reader(devnet.anvilUrl), {
          method: "debug_traceTransaction",
          params: [tx.hash, config],
        }),
        node("debug_traceTransaction", [tx.hash, config]),
      ]);
      // a frame's error in geth's words (the nodes users have); anvil says "Revert"
      const asGeth = JSON.stringify(theirs).replaceAll('"e":"Revert"', '"e":"execution reverted"');
      expect(JSON.stringify(outcome.result)).toEqual(asGeth);
    }
  }, 120_000);
});

describe("what the replay will not do", () => {
  it("refuses tracer code it does not know, by class", async () => {
    const tx = devnet.manifest.transactions.legacyTransfer;
    if (!tx) throw new Error("the devnet has no legacyTransfer transaction");
    await expect(
      runReplay(reader(devnet.anvilUrl), {
        method: "debug_traceTransaction",
        params: [tx.hash, { tracer: "{step: function(log) {}, result: function() { return 1; }}" }],
      }),
    ).rejects.toBeInstanceOf(ReplayUnsupportedError);
  });
});
