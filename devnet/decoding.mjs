// The decoding scenario: contracts known only to the devnet's signature database and Sourcify
// stand-ins (devnet/contracts/Decoding.sol), their transactions, and what each service holds.
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  padHex,
  stringToHex,
  toFunctionSelector,
} from "viem";
import { need } from "./scenarios/chain.mjs";
import { EIP1967_IMPLEMENTATION_SLOT } from "./services.mjs";

/** The colliding pair (the Poly Network exploit's): both hash to 0x41973cd9. EpochRegistry implements the first. */
export const COLLISION = {
  signature: "putCurEpochConPubKeyBytes(bytes)",
  other: "f1121318093(bytes,bytes,uint64)",
};
/**
 * The bytes the collision transactions pass. Read as the other signature's (bytes,bytes,uint64)
 * the calldata still decodes — a 64-byte `bytes`, a 32-byte one and 32 — but re-encoding those
 * gives different bytes, so only the real signature decodes it cleanly.
 */
export const COLLISION_KEYS = /** @type {`0x${string}`} */ (
  `${padHex("0x20", { size: 32 })}${"c0ffee0011223344556677889900aabbccddeeff0123456789abcdef00000abc"}`
);

/**
 * @typedef {import("./compile.mjs").Artifact} Artifact
 * @typedef {{ status: string, transactionHash: string, contractAddress: string }} Receipt
 * @typedef {{
 *   vault: string, router: string, proxy: string, implementation: string, mystery: string,
 *   collision: { address: string, selector: string, signature: string, other: string, keys: string },
 *   values: { beneficiary: string, amount: string, memo: string, bump: string, nonce: string },
 * }} DecodingContracts
 */

/**
 * Deploys the decoding contracts and sends their transactions (each mined in its own block).
 * @param {{
 *   artifacts: Record<string, Artifact>,
 *   call: (method: string, params?: unknown[]) => Promise<unknown>,
 *   mined: (tx: Record<string, unknown>) => Promise<Receipt>,
 *   ok: (r: Receipt, what: string) => Receipt,
 *   from: `0x${string}`,
 *   beneficiary: `0x${string}`,
 * }} options
 */
export async function runDecodingScenario({ artifacts, call, mined, ok, from, beneficiary }) {
  const art = (/** @type {string} */ name) => need(artifacts, name);
  const Vault = art("Vault");
  const CounterV1 = art("CounterV1");
  const Proxy = art("Proxy");
  const Mystery = art("Mystery");
  const Registry = art("EpochRegistry");
  const Router = art("Router");
  /** @param {Artifact} a @param {string} what @param {unknown[]} [args] */
  const deploy = async (a, what, args = []) =>
    getAddress(
      ok(
        await mined({
          from,
          data: encodeDeployData({ abi: a.abi, bytecode: a.bytecode, args }),
        }),
        what,
      ).contractAddress,
    );
  const vault = await deploy(Vault, "Vault deployment");
  const implementation = await deploy(CounterV1, "CounterV1 deployment");
  const proxy = await deploy(Proxy, "Proxy deployment", [implementation]);
  const mystery = await deploy(Mystery, "Mystery deployment");
  const registry = await deploy(Registry, "EpochRegistry deployment");
  const router = await deploy(Router, "Router deployment", [vault, proxy, mystery, registry]);

  // the implementation as any client reads it: the proxy's EIP-1967 slot
  const slot = await call("eth_getStorageAt", [proxy, EIP1967_IMPLEMENTATION_SLOT, "latest"]);
  const fromSlot = getAddress(`0x${String(slot).slice(-40)}`);
  if (fromSlot !== implementation)
    throw new Error(`proxy slot holds ${fromSlot}, expected ${implementation}`);

  const amount = 1_234_500_000_000_000_000n;
  const memo = stringToHex("nodescope: rent, march", { size: 32 });
  const bump = 7n;
  const nonce = 42n;
  /** @param {string} to @param {`0x${string}`} data @param {string} what */
  const tx = async (to, data, what) =>
    ok(await mined({ from, to, gas: "0x2dc6c0", data }), what).transactionHash;

  /** @type {Record<string, { label: string, hash: string }>} */
  const sent = {};
  sent.decodingVault = {
    label: "deposit into a verified contract (Vault)",
    hash: await tx(
      vault,
      encodeFunctionData({
        abi: Vault.abi,
        functionName: "depositFor",
        args: [beneficiary, amount, memo],
      }),
      "Vault.depositFor",
    ),
  };
  sent.decodingProxy = {
    label: "call through an EIP-1967 proxy (CounterV1)",
    hash: await tx(
      proxy,
      encodeFunctionData({ abi: CounterV1.abi, functionName: "bump", args: [bump] }),
      "Proxy.bump",
    ),
  };
  sent.decodingMystery = {
    label: "call nobody can name (Mystery)",
    hash: await tx(
      mystery,
      encodeFunctionData({
        abi: Mystery.abi,
        functionName: "zq7Frobnicate",
        args: [nonce, beneficiary, "0xdeadbeefcafe"],
      }),
      "Mystery.zq7Frobnicate",
    ),
  };
  sent.decodingCollision = {
    label: "call whose selector has two signatures (EpochRegistry)",
    hash: await tx(
      registry,
      encodeFunctionData({
        abi: Registry.abi,
        functionName: "putCurEpochConPubKeyBytes",
        args: [COLLISION_KEYS],
      }),
      "EpochRegistry.putCurEpochConPubKeyBytes",
    ),
  };
  sent.decoding = {
    label: "decoding through the services (router, vault, proxy, mystery, collision)",
    hash: await tx(
      router,
      encodeFunctionData({
        abi: Router.abi,
        functionName: "routeAll",
        args: [beneficiary, amount, memo, COLLISION_KEYS],
      }),
      "Router.routeAll",
    ),
  };

  /** @type {DecodingContracts} */
  const contracts = {
    vault,
    router,
    proxy,
    implementation,
    mystery,
    collision: {
      address: registry,
      selector: toFunctionSelector(COLLISION.signature),
      signature: COLLISION.signature,
      other: COLLISION.other,
      keys: COLLISION_KEYS,
    },
    values: {
      beneficiary,
      amount: amount.toString(),
      memo,
      bump: bump.toString(),
      nonce: nonce.toString(),
    },
  };
  /** @type {import("./services.mjs").VerifiedContract[]} what the Sourcify stand-in holds of these */
  const verified = [
    { address: vault, name: "Vault", abi: Vault.abi, source: Vault.source },
    { address: implementation, name: "CounterV1", abi: CounterV1.abi, source: CounterV1.source },
    {
      address: proxy,
      name: "Proxy",
      abi: Proxy.abi,
      source: Proxy.source,
      implementation: { address: fromSlot, name: "CounterV1" },
    },
  ];
  return { sent, contracts, verified };
}
