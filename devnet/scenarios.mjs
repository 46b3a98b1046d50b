// Seeds a fresh anvil with the scenario contracts and transactions, and describes them. This file
// is the order they run in — it decides every address and hash the manifest and the e2e specs
// know, so a new scenario goes last — and the manifest's chain part; each scenario group is a room
// of its own in scenarios/ (decoding.mjs and storage.mjs beside this file are two more).
import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, toHex } from "viem";
import { runDebugScenario } from "./debug.mjs";
import { runVariablesScenario } from "./variables.mjs";
import { runDecodingScenario } from "./decoding.mjs";
import { runStorageScenario } from "./storage.mjs";
import { runTallyScenario } from "./tally.mjs";
import { fromHex } from "./rpc.mjs";
import { runAssetScenario } from "./scenarios/assets.mjs";
import { runTypedBlock } from "./scenarios/block.mjs";
import { runCrowdedBlock } from "./scenarios/crowded.mjs";
import { REVERT_REASON, XSS_SCRIPT, runCallScenarios } from "./scenarios/calls.mjs";
import { E18, connect, need } from "./scenarios/chain.mjs";
import { describeBlock, describeTransactions, eventsOf } from "./scenarios/describe.mjs";
import { runSetup } from "./scenarios/setup.mjs";
import { DENSE_FROM, DENSE_TO, runTokenStream } from "./scenarios/stream.mjs";

export { BLOCK_INTERVAL, STREAM_BLOCKS } from "./scenarios/stream.mjs";
export { REVERT_REASON, XSS_IMG, XSS_SCRIPT } from "./scenarios/calls.mjs";
export { countFrames } from "./scenarios/describe.mjs";

/**
 * @typedef {import("./compile.mjs").Artifact} Artifact
 * @typedef {import("./scenarios/describe.mjs").TxRecord} TxRecord
 */

/** An account no scenario touches: it holds nothing (the simulation's "empty account pays"). */
export const EMPTY_ACCOUNT = "0x000000000000000000000000000000000000dEaD";

/** The storage slot of `mapping(address => …)` at `slot`, for `key`. @param {`0x${string}`} key @param {bigint} slot */
function balanceSlot(key, slot) {
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [key, slot]));
}

/**
 * Runs every scenario against anvil at `url` and returns the chain part of the manifest.
 * @param {string} url anvil's URL
 * @param {Record<string, Artifact>} artifacts
 * @param {{ log?: (msg: string) => void,
 *   debug: ReturnType<typeof import("./compile.mjs").compileDebugContracts> }} options
 *   debug: the debugger's contracts, compiled apart (without the optimizer and with it)
 */
export async function runScenarios(url, artifacts, { log = () => {}, debug }) {
  const chain = connect(url);
  const { call, mined, ok } = chain;

  /** @type {`0x${string}`[]} */
  const accounts = (await call("eth_accounts")).map((/** @type {string} */ a) => getAddress(a));
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9] = /** @type {`0x${string}`[]} */ (accounts);
  if (!a0 || !a1 || !a2 || !a3 || !a4 || !a5 || !a6 || !a7 || !a8 || !a9)
    throw new Error("anvil has fewer than 10 dev accounts");

  const { token, tokenData, scenarios, scenariosData, child } = await runSetup({
    chain,
    artifacts,
    a0,
    a1,
    a2,
    a3,
    a9,
  });
  const stream = await runTokenStream({ chain, token, tokenData, accounts, log });
  const calls = await runCallScenarios({
    chain,
    artifacts,
    a0,
    a2,
    a8,
    a9,
    token,
    tokenData,
    scenarios,
    scenariosData,
  });
  const assets = await runAssetScenario({
    chain,
    artifacts,
    a0,
    recipients: [a5, a6, a7],
    token,
    tokenData,
  });
  const typed = await runTypedBlock({ chain, a0, a1, a2, a3, token, tokenData });

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

  // ---- an event laid out past one word per argument (last: the others' addresses stay put) ----
  const tally = await runTallyScenario({ artifacts, mined, ok, from: a0, accounts });

  // ---- the debugger's contracts, both builds (last: the others' addresses stay put) ----
  const debugScenario = await runDebugScenario({ compiled: debug, mined, ok, from: a0 });
  // ---- the Variables panel's failing call (last: the others' addresses stay put) ----
  const variables = await runVariablesScenario({ compiled: debug.plain, mined, ok, from: a0 });
  // ---- a block of 45 transactions, the replay's 41st-in-block (last: the others stay put) ----
  const crowded = await runCrowdedBlock({ chain, from: a4 });

  // ---- describe everything, in the order sent ----
  const transactions = await describeTransactions(chain, {
    ...calls.sent,
    ...assets.sent,
    ...typed.sent,
    ...decoding.sent,
    ...storage.sent,
    ...debugScenario.sent,
    ...variables.sent,
    ...crowded.sent,
  });
  const blocks = [await describeBlock(chain, /** @type {TxRecord} */ (transactions.tokenTransfer))];

  const transferEstimateCall = {
    from: a0,
    to: token,
    data: tokenData("transfer", [a3, E18]),
    value: "0x0",
  };
  const estimate = await call("eth_estimateGas", [transferEstimateCall]);
  const latestBlock = fromHex(await call("eth_blockNumber"));

  const { weth, nft, multiToken, insight } = assets.addresses;
  // The contracts of these scenarios: the manifest's name, the compiled contract, the address.
  const ours = /** @type {const} */ ([
    ["NodescopeToken", "NodescopeToken", token],
    ["Scenarios", "Scenarios", scenarios],
    ["Child", "Child", child],
    ["CreatedChild", "Child", calls.createdChild],
    ["MiniWETH", "MiniWETH", weth],
    ["MiniNFT", "MiniNFT", nft],
    ["MiniMulti", "MiniMulti", multiToken],
    ["Insight", "Insight", insight],
  ]).map(([key, name, address]) => ({ key, name, address, art: need(artifacts, name) }));

  return {
    latestBlock,
    transactions,
    blocks,
    contracts: Object.fromEntries(ours.map((c) => [c.key, { address: c.address, abi: c.art.abi }])),
    decoding: decoding.contracts,
    /** @type {import("./services.mjs").VerifiedContract[]} what the Sourcify stand-in holds (not in the manifest) */
    verified: [
      ...ours.map(({ name, address, art }) => ({
        name,
        address,
        abi: art.abi,
        source: art.source,
      })),
      ...decoding.verified,
      ...storage.verified,
      ...tally.verified,
      ...debugScenario.verified,
      ...variables.verified,
    ],
    storage: storage.contracts,
    tally: tally.tally,
    debug: debugScenario.contracts,
    variables: variables.contracts,
    insight: assets.insight,
    events: eventsOf([...new Set(ours.map((c) => c.art))]),
    token: {
      address: token,
      fromBlock: stream.fromBlock,
      toBlock: stream.toBlock,
      logCount: stream.transferCount,
      transferCount: stream.transferCount,
      denseRange: [stream.fromBlock + DENSE_FROM, stream.fromBlock + DENSE_TO],
    },
    calls: {
      transfer: { ...transferEstimateCall, estimate },
      revertingCall: {
        from: a0,
        to: child,
        data: encodeFunctionData({
          abi: need(artifacts, "Child").abi,
          functionName: "check",
          args: [1000n],
        }),
        value: "0x0",
        reason: REVERT_REASON,
      },
      panicCall: {
        from: a0,
        to: scenarios,
        data: calls.panicData,
        value: "0x0",
        reason: "Panic(0x12): division or modulo by zero",
        panicCode: "0x12",
      },
      customErrorCall: {
        from: a9,
        to: token,
        data: calls.customErrorData,
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
      // Simulation examples (never sent): nested frames; the custom-error transfer with a storage
      // override that lifts the sender's token balance (balanceOf is slot 1); an account that
      // holds nothing paying 1 ether, with and without a balance override.
      nestedCall: {
        from: a0,
        to: scenarios,
        data: scenariosData("nested"),
        value: toHex(10n ** 16n),
      },
      unlockedTransfer: {
        from: a9,
        to: token,
        data: calls.customErrorData,
        value: "0x0",
        stateOverrides: {
          [token]: {
            stateDiff: {
              [balanceSlot(a9, 1n)]: toHex(1_000_000n * E18, { size: 32 }),
            },
          },
        },
      },
      emptyPayer: {
        from: EMPTY_ACCOUNT,
        to: a1,
        data: "0x",
        value: toHex(E18),
        stateOverrides: { [EMPTY_ACCOUNT]: { balance: toHex(100n * E18) } },
      },
    },
  };
}
