// The event-layout scenario (devnet/contracts/Tally.sol): `Entry(address indexed who,
// uint256[2] pair, Spot spot, uint256 amount, string note)` emitted with amounts and notes a log
// table must read at the right words — `amount` sits after four words of array and struct, some
// notes hold a space, a quote or a backslash. Deployed after every other scenario, so their
// addresses and hashes stay put.
import { encodeDeployData, encodeFunctionData, getAddress } from "viem";
import { need } from "./scenarios/chain.mjs";

/**
 * What each `record` is sent with (who by the dev account's index); the e2e spec reads them from
 * the manifest's `tally.entries`.
 */
export const TALLY_ENTRIES = /** @type {const} */ ([
  { who: 1, amount: 700021n, note: "south side", pair: [1n, 2n], level: 3n },
  { who: 2, amount: 31337000n, note: "north", pair: [4n, 5n], level: 6n },
  { who: 1, amount: 45000000n, note: 'the "old" quay \\ end', pair: [7n, 8n], level: 9n },
  { who: 3, amount: 12n, note: "south side", pair: [10n, 11n], level: 12n },
  { who: 2, amount: 31336999n, note: "north", pair: [13n, 14n], level: 15n },
  { who: 1, amount: 5n, note: "south side", pair: [16n, 17n], level: 18n },
]);

/**
 * @typedef {import("./compile.mjs").Artifact} Artifact
 * @typedef {{ status: string, transactionHash: string, contractAddress: string, blockNumber: string }} Receipt
 * @typedef {{ address: string, fromBlock: number, toBlock: number,
 *   entries: { who: string, amount: string, note: string, pair: string[], spot: { at: string, level: string } }[] }} TallyScenario
 */

/**
 * Deploys Tally and sends one `record` per entry.
 * @param {{
 *   artifacts: Record<string, Artifact>,
 *   mined: (tx: Record<string, unknown>) => Promise<Receipt>,
 *   ok: (r: Receipt, what: string) => Receipt,
 *   from: `0x${string}`,
 *   accounts: readonly `0x${string}`[],
 * }} options
 */
export async function runTallyScenario({ artifacts, mined, ok, from, accounts }) {
  const art = need(artifacts, "Tally");
  const deployed = ok(
    await mined({
      from,
      gas: "0x989680",
      data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode }),
    }),
    "Tally deployment",
  );
  const address = getAddress(deployed.contractAddress);
  /** @type {TallyScenario["entries"]} */
  const entries = [];
  /** @type {number[]} */
  const blocks = [];
  for (const e of TALLY_ENTRIES) {
    const who = accounts[e.who];
    if (who === undefined) throw new Error(`no dev account ${e.who}`);
    const spot = { at: address, level: e.level };
    const r = ok(
      await mined({
        from,
        to: address,
        gas: "0x30d40",
        data: encodeFunctionData({
          abi: art.abi,
          functionName: "record",
          args: [who, e.pair, spot, e.amount, e.note],
        }),
      }),
      "Tally.record",
    );
    blocks.push(Number(BigInt(r.blockNumber)));
    entries.push({
      who,
      amount: e.amount.toString(),
      note: e.note,
      pair: e.pair.map(String),
      spot: { at: address, level: e.level.toString() },
    });
  }
  /** @type {TallyScenario} */
  const tally = {
    address,
    fromBlock: Math.min(...blocks),
    toBlock: Math.max(...blocks),
    entries,
  };
  return {
    tally,
    /** @type {import("./services.mjs").VerifiedContract[]} */
    verified: [{ address, name: "Tally", abi: art.abi, source: art.source }],
  };
}
