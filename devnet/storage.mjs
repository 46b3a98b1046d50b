// The storage and source scenario (devnet/contracts/Ledger.sol, LedgerChecker.sol): LedgerV1
// behind an EIP-1967 proxy, one `settle` transaction that changes a variable of every kind and
// calls the checker with an amount over its cap inside try/catch (a failed frame in a transaction
// that succeeds). Deployed after every other scenario, so their addresses and hashes stay put.
import { encodeDeployData, encodeFunctionData, getAddress, stringToHex } from "viem";
import { need } from "./scenarios/chain.mjs";

/** The checker's cap and what `settle` is sent with (the manifest's `storage.values`). */
export const LEDGER = {
  cap: 1_000n,
  amount: 750n,
  asked: 5_000n,
  tag: stringToHex("nodescope: march", { size: 32 }),
  reason: "LedgerChecker: amount over the cap",
};

/**
 * The same `settle` sent again, last of all, asking the checker for an amount within its cap: the
 * same call path, the checker's frame succeeding where it failed, and `credit[to]` changed from the
 * first settlement's value (the comparison's scenario, e2e/compare.spec.ts).
 */
export const LEDGER_RETRY = { amount: 250n, asked: 500n };

/**
 * @typedef {import("./compile.mjs").Artifact} Artifact
 * @typedef {{ status: string, transactionHash: string, contractAddress: string }} Receipt
 * @typedef {{ proxy: string, implementation: string, checker: string, owner: string, to: string,
 *   spender: string, admin: string, values: { cap: string, amount: string, asked: string, tag: string },
 *   reason: string }} StorageContracts
 */

/**
 * Deploys the checker, the implementation and the proxy (initialised through it), then sends
 * `settle` through the proxy.
 * @param {{
 *   artifacts: Record<string, Artifact>,
 *   mined: (tx: Record<string, unknown>) => Promise<Receipt>,
 *   ok: (r: Receipt, what: string) => Receipt,
 *   from: `0x${string}`, to: `0x${string}`, spender: `0x${string}`, admin: `0x${string}`,
 * }} options
 */
export async function runStorageScenario({ artifacts, mined, ok, from, to, spender, admin }) {
  const art = (/** @type {string} */ name) => need(artifacts, name);
  const Checker = art("LedgerChecker");
  const Ledger = art("LedgerV1");
  const Proxy = art("LedgerProxy");
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
  const checker = await deploy(Checker, "LedgerChecker deployment", [LEDGER.cap]);
  const implementation = await deploy(Ledger, "LedgerV1 deployment");
  const init = encodeFunctionData({
    abi: Ledger.abi,
    functionName: "initialize",
    args: [from, checker],
  });
  const proxy = await deploy(Proxy, "LedgerProxy deployment", [implementation, init]);
  const hash = ok(
    await mined({
      from,
      to: proxy,
      gas: "0x2dc6c0",
      data: encodeFunctionData({
        abi: Ledger.abi,
        functionName: "settle",
        args: [to, spender, LEDGER.amount, LEDGER.asked, LEDGER.tag, admin],
      }),
    }),
    "LedgerV1.settle",
  ).transactionHash;
  const retry = ok(
    await mined({
      from,
      to: proxy,
      gas: "0x2dc6c0",
      data: encodeFunctionData({
        abi: Ledger.abi,
        functionName: "settle",
        args: [to, spender, LEDGER_RETRY.amount, LEDGER_RETRY.asked, LEDGER.tag, admin],
      }),
    }),
    "LedgerV1.settle (again, within the cap)",
  ).transactionHash;
  /** @type {StorageContracts} */
  const contracts = {
    proxy,
    implementation,
    checker,
    owner: from,
    to,
    spender,
    admin,
    values: {
      cap: LEDGER.cap.toString(),
      amount: LEDGER.amount.toString(),
      asked: LEDGER.asked.toString(),
      tag: LEDGER.tag,
    },
    reason: LEDGER.reason,
  };
  /** @type {import("./services.mjs").VerifiedContract[]} what the Sourcify stand-in holds of these */
  const verified = [
    { address: checker, name: "LedgerChecker", abi: Checker.abi, source: Checker.source },
    { address: implementation, name: "LedgerV1", abi: Ledger.abi, source: Ledger.source },
    {
      address: proxy,
      name: "LedgerProxy",
      abi: Proxy.abi,
      source: Proxy.source,
      implementation: { address: implementation, name: "LedgerV1" },
    },
  ];
  return {
    sent: {
      storage: { label: "storage by name and a caught revert (LedgerV1 behind a proxy)", hash },
      storageRetry: {
        label: "the same settlement again, its check within the cap (the comparison's pair)",
        hash: retry,
      },
    },
    contracts,
    verified,
  };
}
