// The call-tree scenarios (automined, one per block, all within anvil's kept states): a creation,
// every frame type, caught and uncaught reverts (a custom error, a Panic, an inner out-of-gas),
// a trace of thousands of frames, and HTML/script payloads a view must show as text.
import { encodeDeployData, getAddress } from "viem";
import { toHex } from "../rpc.mjs";
import { E18, need } from "./chain.mjs";

export const XSS_IMG = '<img src=x onerror="window.__xss=1">';
export const XSS_SCRIPT = "<script>window.__xss=1</script>";
export const REVERT_REASON = "Child: amount exceeds limit";

/**
 * @param {{
 *   chain: import("./chain.mjs").Chain,
 *   artifacts: Record<string, import("./chain.mjs").Artifact>,
 *   a0: `0x${string}`, a2: `0x${string}`, a8: `0x${string}`, a9: `0x${string}`,
 *   token: `0x${string}`, tokenData: (fn: string, args: unknown[]) => `0x${string}`,
 *   scenarios: `0x${string}`, scenariosData: (fn: string, args?: unknown[]) => `0x${string}`,
 * }} options a9 holds 5 tokens, so its transfer of 1,000 reverts with InsufficientBalance
 * @returns the transactions sent, the child the creation made, and the calldata of the two
 *   reverting ones (the manifest offers them as calls to estimate)
 */
export async function runCallScenarios(options) {
  const { chain, artifacts, a0, a2, a8, a9, token, tokenData, scenarios, scenariosData } = options;
  const { mined, ok } = chain;
  const Child = need(artifacts, "Child");
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
  return { sent, createdChild, customErrorData, panicData };
}
