// The Variables panel's scenario (devnet/contracts/debug/Orders.sol, compiled without the
// optimizer with the debugger's contracts): Orders.place(id, note, amounts) failing on its require
// after an internal call with a named return value. Sent after every other scenario, so their
// addresses and hashes stay put.
import { encodeDeployData, encodeFunctionData, getAddress } from "viem";
import { need } from "./scenarios/chain.mjs";

/** What the failing call is sent with (the manifest's `variables`). */
export const VARIABLES_SCENARIO = {
  id: 42n,
  note: "first order",
  /** Their sum, 105, is over the require's bound of 100. */
  amounts: [10n, 20n, 30n, 45n],
};

/**
 * @typedef {{ orders: string, id: string, note: string, amounts: string[], total: string }} VariablesContracts
 */

/**
 * @param {{
 *   compiled: import("./compile.mjs").Compiled,
 *   mined: (tx: Record<string, unknown>) => Promise<{ status: string, transactionHash: string, contractAddress: string }>,
 *   ok: (r: { status: string, transactionHash: string, contractAddress: string }, what: string) => { status: string, transactionHash: string, contractAddress: string },
 *   from: `0x${string}`,
 * }} options
 */
export async function runVariablesScenario({ compiled, mined, ok, from }) {
  const art = need(compiled.artifacts, "Orders");
  const orders = getAddress(
    ok(
      await mined({
        from,
        gas: "0x989680",
        data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode }),
      }),
      "Orders deployment",
    ).contractAddress,
  );
  const { id, note, amounts } = VARIABLES_SCENARIO;
  const r = await mined({
    from,
    to: orders,
    gas: "0x989680",
    data: encodeFunctionData({ abi: art.abi, functionName: "place", args: [id, note, amounts] }),
  });
  if (r.status !== "0x0") throw new Error("Orders.place did not fail");
  // the bench's 2,000-line contract (devnet/ledgerSource.mjs): its run fails on its require
  const big = need(compiled.artifacts, "Ledger2000");
  const ledger = getAddress(
    ok(
      await mined({
        from,
        gas: "0x989680",
        data: encodeDeployData({ abi: big.abi, bytecode: big.bytecode }),
      }),
      "Ledger2000 deployment",
    ).contractAddress,
  );
  const large = await mined({
    from,
    to: ledger,
    gas: "0x989680",
    data: encodeFunctionData({ abi: big.abi, functionName: "run", args: [id, note, amounts] }),
  });
  if (large.status !== "0x0") throw new Error("Ledger2000.run did not fail");
  /** @type {VariablesContracts} */
  const contracts = {
    orders,
    id: id.toString(),
    note,
    amounts: amounts.map(String),
    total: amounts.reduce((a, b) => a + b, 0n).toString(),
  };
  return {
    sent: {
      variablesFail: {
        label:
          "a require failing after an internal call over a calldata array (Orders, no optimizer)",
        hash: r.transactionHash,
      },
      variablesLarge: {
        label: "a require failing in a 2,000-line verified contract (Ledger2000, no optimizer)",
        hash: large.transactionHash,
      },
    },
    contracts,
    /** @type {import("./services.mjs").VerifiedContract[]} */
    verified: [
      {
        address: orders,
        name: "Orders",
        abi: art.abi,
        source: art.source,
        storageLayout: art.storageLayout,
        sourceMap: art.sourceMap,
        immutableReferences: art.immutableReferences,
        sourceFiles: art.sourceFiles,
        compiler: compiled.compiler,
        sources: compiled.sources,
      },
      {
        address: ledger,
        name: "Ledger2000",
        abi: big.abi,
        source: big.source,
        storageLayout: big.storageLayout,
        sourceMap: big.sourceMap,
        immutableReferences: big.immutableReferences,
        sourceFiles: big.sourceFiles,
        compiler: compiled.compiler,
        sources: compiled.sources,
      },
    ],
  };
}
