// Seeds a fresh anvil with the scenario contracts and transactions, and describes them.
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  keccak256,
  toBytes,
  toEventSelector,
} from "viem";
import { runDecodingScenario } from "./decoding.mjs";
import { runStorageScenario } from "./storage.mjs";
import { fromHex, rpc, toHex } from "./rpc.mjs";

/** Blocks the token's transfer stream spans. */
export const STREAM_BLOCKS = 12_500;
/** A steady token transaction every STEADY_EVERY blocks with STEADY_TRANSFERS transfers. */
const STEADY_EVERY = 125;
const STEADY_TRANSFERS = 100;
/** The dense region (offsets into the stream) with an extra DENSE_TRANSFERS-transfer tx every DENSE_EVERY blocks. */
const DENSE_FROM = 6_000;
const DENSE_TO = 7_999;
const DENSE_EVERY = 40;
const DENSE_TRANSFERS = 240;
/** Seconds between the stream's blocks (its timestamps end shortly before now). */
export const BLOCK_INTERVAL = 12;

export const XSS_IMG = '<img src=x onerror="window.__xss=1">';
export const XSS_SCRIPT = "<script>window.__xss=1</script>";
export const REVERT_REASON = "Child: amount exceeds limit";

const E18 = 10n ** 18n;

/**
 * @typedef {import("./compile.mjs").Artifact} Artifact
 * @typedef {{ label: string, hash: string, blockHash: string, blockNumber: number, index: number,
 *   from: string, to: string | null, type: string, status: "success" | "reverted", frames: number }} TxRecord
 */

/**
 * Runs every scenario against anvil at `url` and returns the chain part of the manifest.
 * @param {string} url anvil's URL
 * @param {Record<string, Artifact>} artifacts
 * @param {{ log?: (msg: string) => void }} [options]
 */
export async function runScenarios(url, artifacts, { log = () => {} } = {}) {
  const call = (/** @type {string} */ method, /** @type {unknown[]} */ params = []) =>
    rpc(url, method, params);
  const Token = need(artifacts, "NodescopeToken");
  const Scenarios = need(artifacts, "Scenarios");
  const Child = need(artifacts, "Child");
  const Weth = need(artifacts, "MiniWETH");
  const Nft = need(artifacts, "MiniNFT");
  const Multi = need(artifacts, "MiniMulti");
  const Insight = need(artifacts, "Insight");

  /** @type {`0x${string}`[]} */
  const accounts = (await call("eth_accounts")).map((/** @type {string} */ a) => getAddress(a));
  const [a0, a1, a2, a3, , a5, a6, a7, a8, a9] = /** @type {`0x${string}`[]} */ (accounts);
  if (!a0 || !a1 || !a2 || !a3 || !a5 || !a6 || !a7 || !a8 || !a9)
    throw new Error("anvil has fewer than 10 dev accounts");

  /**
   * Sends a transaction from an unlocked dev account; returns its hash.
   * @param {Record<string, unknown>} tx
   */
  const send = (tx) => call("eth_sendTransaction", [tx]);
  /** @param {string} hash */
  const receipt = async (hash) => {
    for (let i = 0; i < 200; i++) {
      const r = await call("eth_getTransactionReceipt", [hash]);
      if (r) return r;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error(`no receipt for ${hash}`);
  };
  /** Sends and waits for the receipt (automine is on). @param {Record<string, unknown>} tx */
  const mined = async (tx) => receipt(await send(tx));
  /** @param {{ status: string }} r @param {string} what */
  const ok = (r, what) => {
    if (r.status !== "0x1") throw new Error(`${what} failed (${r.transactionHash})`);
    return r;
  };

  // ---- setup (before the token's range): token, balances, approvals, the scenario contracts ----
  const tokenReceipt = ok(
    await mined({
      from: a0,
      data: encodeDeployData({
        abi: Token.abi,
        bytecode: Token.bytecode,
        args: [1_000_000_000n * E18],
      }),
    }),
    "token deployment",
  );
  const token = getAddress(tokenReceipt.contractAddress);
  /** @param {string} fn @param {unknown[]} args */
  const tokenData = (fn, args) => encodeFunctionData({ abi: Token.abi, functionName: fn, args });
  ok(
    await mined({ from: a0, to: token, data: tokenData("transfer", [a1, 1_000_000n * E18]) }),
    "token transfer",
  );
  ok(
    await mined({ from: a0, to: token, data: tokenData("transfer", [a9, 5n * E18]) }),
    "token transfer",
  );
  ok(
    await mined({ from: a0, to: token, data: tokenData("approve", [a2, 1_000n * E18]) }),
    "approve",
  );
  ok(
    await mined({ from: a1, to: token, data: tokenData("approve", [a3, 2n ** 256n - 1n]) }),
    "approve",
  );
  const scenariosReceipt = ok(
    await mined({
      from: a0,
      value: toHex(E18),
      data: encodeDeployData({ abi: Scenarios.abi, bytecode: Scenarios.bytecode }),
    }),
    "scenarios deployment",
  );
  const scenarios = getAddress(scenariosReceipt.contractAddress);
  /** @param {string} fn @param {unknown[]} [args] */
  const scenariosData = (fn, args = []) =>
    encodeFunctionData({ abi: Scenarios.abi, functionName: fn, args });
  const child = getAddress(
    await call("eth_call", [{ to: scenarios, data: scenariosData("child") }, "latest"]).then(
      (/** @type {string} */ r) => `0x${r.slice(-40)}`,
    ),
  );

  // ---- the token's transfer stream: ~12,500 blocks, a dense region, >= 20,000 Transfer logs ----
  const t0 = Date.now();
  const recipients = [a2, a3, ...accounts.slice(4, 9)];
  for (let i = 0; recipients.length < 40; i++)
    recipients.push(getAddress(`0x${keccak256(toBytes(`nodescope recipient ${i}`)).slice(-40)}`));
  /** @type {Map<number, number[]>} offset → transfers per transaction */
  const plan = new Map();
  const add = (/** @type {number} */ offset, /** @type {number} */ n) =>
    plan.set(offset, [...(plan.get(offset) ?? []), n]);
  for (let o = 0; o < STREAM_BLOCKS; o += STEADY_EVERY) add(o, STEADY_TRANSFERS);
  for (let o = DENSE_FROM + 7; o <= DENSE_TO; o += DENSE_EVERY) add(o, DENSE_TRANSFERS);
  const fromBlock = fromHex(await call("eth_blockNumber")) + 1;
  const toBlock = fromBlock + STREAM_BLOCKS - 1;
  await call("evm_setAutomine", [false]);
  let transferCount = 0;
  let txCount = 0;
  try {
    const offsets = [...plan.keys()].sort((a, b) => a - b);
    for (let k = 0; k < offsets.length; k++) {
      const offset = /** @type {number} */ (offsets[k]);
      for (const n of plan.get(offset) ?? []) {
        /** @type {`0x${string}`[]} */ const to = [];
        /** @type {bigint[]} */ const amounts = [];
        for (let j = 0; j < n; j++) {
          to.push(
            /** @type {`0x${string}`} */ (recipients[(txCount * 7 + j * 3) % recipients.length]),
          );
          amounts.push(10n ** 15n * BigInt(1 + ((txCount * 131 + j * 17) % 997)));
        }
        await send({
          from: txCount % 2 ? a1 : a0,
          to: token,
          gas: toHex(100_000 + 40_000 * n),
          data: tokenData("batchTransfer", [to, amounts]),
        });
        transferCount += n;
        txCount++;
      }
      const next = k + 1 < offsets.length ? /** @type {number} */ (offsets[k + 1]) : STREAM_BLOCKS;
      // the first mined block takes the pooled transactions
      await call("anvil_mine", [toHex(next - offset), toHex(BLOCK_INTERVAL)]);
    }
  } finally {
    await call("evm_setAutomine", [true]);
  }
  const head = fromHex(await call("eth_blockNumber"));
  if (head !== toBlock) throw new Error(`token stream ended at block ${head}, expected ${toBlock}`);
  log(
    `token stream: ${txCount} txs, ${transferCount} transfers over ${STREAM_BLOCKS} blocks in ${Date.now() - t0} ms`,
  );

  // ---- scenario transactions (automined, one per block, all within anvil's kept states) ----
  /** @type {Record<string, { label: string, hash: string }>} */
  const sent = {};
  const creation = await mined({
    from: a2,
    value: "0x0",
    data: encodeDeployData({ abi: Child.abi, bytecode: Child.bytecode }),
  });
  sent.contractCreation = { label: "contract creation", hash: creation.transactionHash };
  const createdChild = getAddress(ok(creation, "contract creation").contractAddress);
  sent.nestedCalls = {
    label: "nested calls (every frame type)",
    hash: ok(
      await mined({
        from: a0,
        to: scenarios,
        value: toHex(10n ** 16n),
        gas: "0x1e8480",
        data: scenariosData("nested"),
      }),
      "nested",
    ).transactionHash,
  };
  sent.innerRevert = {
    label: "inner call reverts (caught)",
    hash: ok(
      await mined({ from: a0, to: scenarios, gas: "0x7a120", data: scenariosData("innerRevert") }),
      "innerRevert",
    ).transactionHash,
  };
  const customErrorData = tokenData("transfer", [a8, 1_000n * E18]);
  sent.customError = {
    label: "reverted with a custom error",
    hash: (await mined({ from: a9, to: token, gas: "0x30d40", data: customErrorData }))
      .transactionHash,
  };
  const panicData = scenariosData("divide", [1n, 0n]);
  sent.panic = {
    label: "reverted with Panic(0x12)",
    hash: (await mined({ from: a0, to: scenarios, gas: "0x30d40", data: panicData }))
      .transactionHash,
  };
  sent.innerOutOfGas = {
    label: "inner call runs out of gas (caught)",
    hash: ok(
      await mined({
        from: a0,
        to: scenarios,
        gas: "0x7a120",
        data: scenariosData("innerOutOfGas"),
      }),
      "innerOutOfGas",
    ).transactionHash,
  };
  sent.largeTrace = {
    label: "large trace",
    hash: ok(
      await mined({
        from: a0,
        to: scenarios,
        gas: toHex(80_000_000),
        data: scenariosData("fanOut", [5_000n, 5n]),
      }),
      "largeTrace",
    ).transactionHash,
  };
  sent.xss = {
    label: "HTML/script payloads in events and a revert reason",
    hash: ok(
      await mined({ from: a0, to: scenarios, gas: "0x7a120", data: scenariosData("xss") }),
      "xss",
    ).transactionHash,
  };

  // ---- one transaction that moves every kind of asset and writes storage ----
  /** @param {Artifact} art @param {unknown[]} [args] @param {string} what */
  const deploy = async (art, what, args = []) =>
    getAddress(
      ok(
        await mined({
          from: a0,
          data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args }),
        }),
        what,
      ).contractAddress,
    );
  const weth = await deploy(Weth, "MiniWETH deployment");
  const nft = await deploy(Nft, "MiniNFT deployment");
  const multiToken = await deploy(Multi, "MiniMulti deployment");
  const insight = await deploy(Insight, "Insight deployment", [token, weth, nft, multiToken]);
  ok(
    await mined({ from: a0, to: token, data: tokenData("transfer", [insight, 50n * E18]) }),
    "token transfer to Insight",
  );
  const insightRecipients = [a5, a6, a7];
  const insightValue = 5n * E18;
  const insightNftId = 42n;
  sent.insight = {
    label: "balance, token and state changes",
    hash: ok(
      await mined({
        from: a0,
        to: insight,
        value: toHex(insightValue),
        gas: toHex(3_000_000),
        data: encodeFunctionData({
          abi: Insight.abi,
          functionName: "run",
          args: [insightRecipients, insightNftId],
        }),
      }),
      "insight",
    ).transactionHash,
  };

  // ---- one block with several transactions of every type ----
  const transferData = tokenData("transfer", [a3, 12n * E18 + 5n * 10n ** 17n]);
  await call("evm_setAutomine", [false]);
  try {
    sent.legacyTransfer = {
      label: "legacy ETH transfer (type 0x0)",
      hash: await send({
        from: a1,
        to: a2,
        value: toHex(E18 / 4n),
        gas: "0x5208",
        gasPrice: toHex(3_000_000_000n),
        type: "0x0",
      }),
    };
    sent.accessListTransfer = {
      label: "access-list transfer (type 0x1)",
      hash: await send({
        from: a1,
        to: token,
        gas: "0x186a0",
        gasPrice: toHex(3_000_000_000n),
        type: "0x1",
        data: tokenData("transfer", [a2, E18]),
        accessList: [{ address: token, storageKeys: [`0x${"0".repeat(63)}2`] }],
      }),
    };
    sent.dynamicFeeTransfer = {
      label: "EIP-1559 ETH transfer (type 0x2)",
      hash: await send({
        from: a1,
        to: a3,
        value: toHex(E18 / 2n),
        gas: "0x5208",
        maxFeePerGas: toHex(4_000_000_000n),
        maxPriorityFeePerGas: toHex(1_000_000_000n),
        type: "0x2",
      }),
    };
    sent.tokenTransfer = {
      label: "token transfer",
      hash: await send({ from: a0, to: token, gas: "0x186a0", data: transferData }),
    };
    await call("evm_mine");
  } finally {
    await call("evm_setAutomine", [true]);
  }

  // ---- contracts only the signature database and Sourcify stand-ins can decode ----
  const tDecoding = Date.now();
  const decoding = await runDecodingScenario({
    artifacts,
    call,
    mined,
    ok,
    from: a0,
    beneficiary: a6,
  });
  Object.assign(sent, decoding.sent);
  log(
    `decoding scenario: ${Object.keys(decoding.sent).length} txs in ${Date.now() - tDecoding} ms`,
  );

  // ---- storage by name and a revert in source (last: the others' addresses stay put) ----
  const storage = await runStorageScenario({
    artifacts,
    mined,
    ok,
    from: a0,
    to: a7,
    spender: a8,
    admin: a9,
  });
  Object.assign(sent, storage.sent);

  // ---- describe everything: receipts, types, callTracer frame counts ----
  /** @type {Record<string, TxRecord>} */
  const transactions = {};
  for (const [id, { label, hash }] of Object.entries(sent)) {
    const [tx, r] = await Promise.all([call("eth_getTransactionByHash", [hash]), receipt(hash)]);
    const trace = await call("debug_traceTransaction", [hash, { tracer: "callTracer" }]);
    const frames = countFrames(trace);
    transactions[id] = {
      label: id === "largeTrace" ? `${label} (${frames.toLocaleString("en-US")} frames)` : label,
      hash,
      blockHash: r.blockHash,
      blockNumber: fromHex(r.blockNumber),
      index: fromHex(r.transactionIndex),
      from: getAddress(r.from),
      to: r.to ? getAddress(r.to) : null,
      type: tx.type ?? "0x0",
      status: r.status === "0x1" ? "success" : "reverted",
      frames,
    };
  }
  for (const id of ["customError", "panic"])
    if (transactions[id]?.status !== "reverted") throw new Error(`${id} did not revert`);
  const multi = /** @type {TxRecord} */ (transactions.tokenTransfer);
  const multiBlock = await call("eth_getBlockByHash", [multi.blockHash, false]);
  const blocks = [
    {
      label: `block with ${multiBlock.transactions.length} transactions`,
      hash: multiBlock.hash,
      number: fromHex(multiBlock.number),
      txCount: multiBlock.transactions.length,
    },
  ];

  const transferEstimateCall = {
    from: a0,
    to: token,
    data: tokenData("transfer", [a3, E18]),
    value: "0x0",
  };
  const estimate = await call("eth_estimateGas", [transferEstimateCall]);
  const latestBlock = fromHex(await call("eth_blockNumber"));

  const events = [];
  const seen = new Set();
  for (const art of [Token, Scenarios, Child, Weth, Nft, Multi, Insight])
    for (const item of art.abi)
      if (item.type === "event" && !seen.has(item.name)) {
        seen.add(item.name);
        const params = item.inputs.map(
          (/** @type {{ type: string, name: string, indexed?: boolean }} */ i) =>
            `${i.type}${i.indexed ? " indexed" : ""} ${i.name}`,
        );
        events.push({
          name: item.name,
          signature: `${item.name}(${params.join(", ")})`,
          topic0: toEventSelector(item),
        });
      }

  return {
    latestBlock,
    transactions,
    blocks,
    contracts: {
      NodescopeToken: { address: token, abi: Token.abi },
      Scenarios: { address: scenarios, abi: Scenarios.abi },
      Child: { address: child, abi: Child.abi },
      CreatedChild: { address: createdChild, abi: Child.abi },
      MiniWETH: { address: weth, abi: Weth.abi },
      MiniNFT: { address: nft, abi: Nft.abi },
      MiniMulti: { address: multiToken, abi: Multi.abi },
      Insight: { address: insight, abi: Insight.abi },
    },
    decoding: decoding.contracts,
    /** @type {import("./services.mjs").VerifiedContract[]} what the Sourcify stand-in holds (not in the manifest) */
    verified: [
      ...[
        ["NodescopeToken", token, Token],
        ["Scenarios", scenarios, Scenarios],
        ["Child", child, Child],
        ["Child", createdChild, Child],
        ["MiniWETH", weth, Weth],
        ["MiniNFT", nft, Nft],
        ["MiniMulti", multiToken, Multi],
        ["Insight", insight, Insight],
      ].map(([name, address, art]) => ({
        name: /** @type {string} */ (name),
        address: /** @type {string} */ (address),
        abi: /** @type {Artifact} */ (art).abi,
        source: /** @type {Artifact} */ (art).source,
      })),
      ...decoding.verified,
      ...storage.verified,
    ],
    storage: storage.contracts,
    insight: {
      recipients: insightRecipients,
      value: insightValue.toString(),
      nftId: insightNftId.toString(),
    },
    events,
    token: {
      address: token,
      fromBlock,
      toBlock,
      logCount: transferCount,
      transferCount,
      denseRange: [fromBlock + DENSE_FROM, fromBlock + DENSE_TO],
    },
    calls: {
      transfer: { ...transferEstimateCall, estimate },
      revertingCall: {
        from: a0,
        to: child,
        data: encodeFunctionData({ abi: Child.abi, functionName: "check", args: [1000n] }),
        value: "0x0",
        reason: REVERT_REASON,
      },
      panicCall: {
        from: a0,
        to: scenarios,
        data: panicData,
        value: "0x0",
        reason: "Panic(0x12): division or modulo by zero",
        panicCode: "0x12",
      },
      customErrorCall: {
        from: a9,
        to: token,
        data: customErrorData,
        value: "0x0",
        error: "InsufficientBalance(uint256 available, uint256 required)",
        args: [(5n * E18).toString(), (1_000n * E18).toString()],
      },
      xssCall: {
        from: a0,
        to: scenarios,
        data: scenariosData("xssRevert"),
        value: "0x0",
        reason: XSS_SCRIPT,
      },
    },
  };
}

/**
 * Frames in a callTracer tree.
 * @param {{ calls?: unknown[] }} frame
 * @returns {number}
 */
export function countFrames(frame) {
  let n = 0;
  /** @type {{ calls?: unknown[] }[]} */
  const stack = [frame];
  while (stack.length) {
    const f = /** @type {{ calls?: unknown[] }} */ (stack.pop());
    n++;
    if (f.calls) stack.push(...f.calls);
  }
  return n;
}

/**
 * @param {Record<string, Artifact>} artifacts
 * @param {string} name
 */
function need(artifacts, name) {
  const a = artifacts[name];
  if (!a) throw new Error(`contract ${name} was not compiled`);
  return a;
}
