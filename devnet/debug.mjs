// The debugger's scenario (devnet/contracts/debug/Stepper.sol): Stepper compiled without the
// optimizer (its internal functions are JUMPs the source map marks `i` and `o`) and with it (the
// small helpers inlined), each calling its own StepCounter; a run through internal calls, a loop,
// storage and an external call; a call that fails two internal calls deep; a heavy loop of more
// than 250,000 steps for the bench; and (Workshop.sol) a CREATE2 whose constructor fails, then
// succeeds at the same address. Deployed after every other scenario, so their addresses and
// hashes stay put.
import { encodeDeployData, encodeFunctionData, getAddress, getContractAddress, toHex } from "viem";
import { need } from "./scenarios/chain.mjs";

/** What the transactions are sent with (the manifest's `debug.values`). */
export const DEBUG_SCENARIO = {
  /** run(n, who): rounds of the loop. */
  rounds: 4n,
  /** fail(amount): over the owner's cap of 100. */
  failAmount: 500n,
  cap: 100n,
  reason: "Stepper: over the cap",
  /** spin(n): rounds for more than 250,000 steps without the optimizer. */
  heavyRounds: 1_400n,
  /** Workshop.make(s): the widget's size (and its CREATE2 salt). */
  widgetSize: 3n,
  widgetReason: "Widget: the workshop is closed",
};

/**
 * @typedef {import("./compile.mjs").Compiled} Compiled
 * @typedef {import("./compile.mjs").Artifact} Artifact
 * @typedef {{ status: string, transactionHash: string, contractAddress: string }} Receipt
 * @typedef {{ stepper: string, counter: string, stepperOptimized: string, counterOptimized: string,
 *   values: { rounds: string, failAmount: string, cap: string, heavyRounds: string }, reason: string,
 *   workshop: string, widget: string, widgetSize: string, widgetReason: string }} DebugContracts
 */

/**
 * Deploys both builds and sends the scenario's transactions.
 * @param {{
 *   compiled: { plain: Compiled, optimized: Compiled },
 *   mined: (tx: Record<string, unknown>) => Promise<Receipt>,
 *   ok: (r: Receipt, what: string) => Receipt,
 *   from: `0x${string}`,
 * }} options
 */
export async function runDebugScenario({ compiled, mined, ok, from }) {
  /** @param {Artifact} a @param {string} what @param {unknown[]} [args] */
  const deploy = async (a, what, args = []) =>
    getAddress(
      ok(
        await mined({
          from,
          gas: "0x989680",
          data: encodeDeployData({ abi: a.abi, bytecode: a.bytecode, args }),
        }),
        what,
      ).contractAddress,
    );
  /** @param {Compiled} c @param {string} label */
  const build = async (c, label) => {
    const counterArt = need(c.artifacts, "StepCounter");
    const stepperArt = need(c.artifacts, "Stepper");
    const counter = await deploy(counterArt, `StepCounter (${label}) deployment`);
    const stepper = await deploy(stepperArt, `Stepper (${label}) deployment`, [counter]);
    /** @param {string} functionName @param {unknown[]} args */
    const data = (functionName, args) =>
      encodeFunctionData({ abi: stepperArt.abi, functionName, args });
    /** @param {string} name @param {string} address @param {Artifact} a */
    const verified = (name, address, a) => ({
      address,
      name,
      abi: a.abi,
      source: a.source,
      storageLayout: a.storageLayout,
      sourceMap: a.sourceMap,
      immutableReferences: a.immutableReferences,
      bytecode: a.bytecode,
      creationSourceMap: a.creationSourceMap,
      sourceFiles: a.sourceFiles,
      compiler: c.compiler,
      sources: c.sources,
    });
    return {
      counter,
      stepper,
      data,
      verifiedAs: verified,
      verified: [
        verified("StepCounter", counter, counterArt),
        verified("Stepper", stepper, stepperArt),
      ],
    };
  };
  const plain = await build(compiled.plain, "no optimizer");
  const optimized = await build(compiled.optimized, "optimizer");
  /** @param {string} to @param {string} data @param {string} what @param {boolean} [fails] */
  const send = async (to, data, what, fails = false) => {
    // a gas limit given: a call that fails is mined (no estimate refuses it)
    const r = await mined({ from, to, gas: "0x989680", data });
    if (fails) {
      if (r.status !== "0x0") throw new Error(`${what} did not fail`);
      return r.transactionHash;
    }
    return ok(r, what).transactionHash;
  };
  const { rounds, failAmount, heavyRounds } = DEBUG_SCENARIO;
  const run = await send(plain.stepper, plain.data("run", [rounds, from]), "Stepper.run");
  const fail = await send(plain.stepper, plain.data("fail", [failAmount]), "Stepper.fail", true);
  const heavy = await send(plain.stepper, plain.data("spin", [heavyRounds]), "Stepper.spin");
  const runOptimized = await send(
    optimized.stepper,
    optimized.data("run", [rounds, from]),
    "Stepper.run (optimizer)",
  );
  const failOptimized = await send(
    optimized.stepper,
    optimized.data("fail", [failAmount]),
    "Stepper.fail (optimizer)",
    true,
  );
  // ---- a CREATE2 whose constructor fails, then the same one at the same address ----
  const workshopArt = need(compiled.plain.artifacts, "Workshop");
  const widgetArt = need(compiled.plain.artifacts, "Widget");
  const workshop = await deploy(workshopArt, "Workshop deployment");
  /** @param {string} functionName @param {unknown[]} args */
  const shop = (functionName, args) =>
    encodeFunctionData({ abi: workshopArt.abi, functionName, args });
  const { widgetSize } = DEBUG_SCENARIO;
  const createFail = await send(
    workshop,
    shop("make", [widgetSize]),
    "Workshop.make (closed)",
    true,
  );
  await send(workshop, shop("setOpen", [true]), "Workshop.setOpen");
  const create = await send(workshop, shop("make", [widgetSize]), "Workshop.make");
  const initcode = encodeDeployData({
    abi: widgetArt.abi,
    bytecode: widgetArt.bytecode,
    args: [widgetSize],
  });
  const widget = getContractAddress({
    opcode: "CREATE2",
    from: workshop,
    salt: toHex(widgetSize, { size: 32 }),
    bytecode: initcode,
  });
  /** @type {DebugContracts} */
  const contracts = {
    stepper: plain.stepper,
    counter: plain.counter,
    stepperOptimized: optimized.stepper,
    counterOptimized: optimized.counter,
    values: {
      rounds: rounds.toString(),
      failAmount: failAmount.toString(),
      cap: DEBUG_SCENARIO.cap.toString(),
      heavyRounds: heavyRounds.toString(),
    },
    reason: DEBUG_SCENARIO.reason,
    workshop,
    widget,
    widgetSize: widgetSize.toString(),
    widgetReason: DEBUG_SCENARIO.widgetReason,
  };
  return {
    sent: {
      debugRun: {
        label: "internal calls, a loop, storage and an external call (Stepper, no optimizer)",
        hash: run,
      },
      debugFail: {
        label: "a require failing two internal calls deep (Stepper, no optimizer)",
        hash: fail,
      },
      debugHeavy: {
        label: `a loop of more than 250,000 steps (Stepper.spin(${heavyRounds}), no optimizer)`,
        hash: heavy,
      },
      debugRunOptimized: {
        label: "the same run, compiled with the optimizer (helpers inlined)",
        hash: runOptimized,
      },
      debugFailOptimized: {
        label: "the same failing call, compiled with the optimizer",
        hash: failOptimized,
      },
      debugCreateFail: {
        label: "a CREATE2 whose constructor fails (Workshop.make while closed, no optimizer)",
        hash: createFail,
      },
      debugCreate: {
        label: "the same CREATE2 once open: the constructor runs, then a call to the new contract",
        hash: create,
      },
    },
    contracts,
    /** @type {import("./services.mjs").VerifiedContract[]} */
    verified: [
      ...plain.verified,
      ...optimized.verified,
      plain.verifiedAs("Workshop", workshop, workshopArt),
      { ...plain.verifiedAs("Widget", widget, widgetArt), creationCode: initcode },
    ],
  };
}
