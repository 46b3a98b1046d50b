import { encodeAbiParameters, keccak256, padHex, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { storageLayoutSchema } from "../chain/solidity";
import type { Shown } from "./decode";
import { layoutLabel, layoutTypeId, readStorage, storageSeen, type StorageView } from "./storage";
import { stateVariables } from "./locate";
import { compileAst, ORDERS_SOL } from "./testing";

const SENDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const w = (n: bigint) => padHex(toHex(n), { size: 32 });
/** A short string as solc keeps it in its slot: the bytes left-aligned, twice the length last. */
function short(s: string): `0x${string}` {
  const bytes = new TextEncoder().encode(s);
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `0x${hex.padEnd(62, "0")}${(bytes.length * 2).toString(16).padStart(2, "0")}`;
}

function layoutOf(out: unknown) {
  const o = out as { contracts: Record<string, Record<string, { storageLayout: unknown }>> };
  return storageLayoutSchema.parse(o.contracts["Orders.sol"]?.Orders?.storageLayout);
}

function items(s: Shown): Record<string, string> {
  if (s.kind !== "items") throw new Error(`not items: ${s.text}`);
  return Object.fromEntries(
    s.items.map((i) => [i.name, i.value.kind === "text" ? i.value.text : i.value.summary]),
  );
}

describe("storage variables through the compiler's storage layout", () => {
  const layout = layoutOf(compileAst({ "Orders.sol": ORDERS_SOL }, ["storageLayout"]));
  // last[SENDER]: keccak(key ‖ slot 1); the preimage is what the transaction hashed
  const preimage = encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [SENDER, 1n]);
  const entry = BigInt(keccak256(preimage));

  it("reads a storage struct a local points at, member by member, from the slots the steps touched", () => {
    const id = layoutTypeId(layout, layoutLabel("struct Orders.Order storage pointer"));
    expect(id).not.toBeNull();
    const view: StorageView = {
      layout,
      preimages: [preimage],
      seen: new Map([
        [entry, w(42n)],
        [entry + 1n, short("first order")],
      ]),
    };
    const shown = readStorage(view, id ?? "", entry);
    expect(items(shown)).toEqual({
      id: "42",
      note: '"first order"',
      total: expect.stringMatching(/not read or written/) as unknown as string,
    });
  });

  it("lists a mapping's entries at the keys the transaction hashed, and a plain variable's value", () => {
    const view: StorageView = {
      layout,
      preimages: [preimage, "0x1234"],
      seen: new Map([
        [0n, w(3n)],
        [entry + 2n, w(105n)],
      ]),
    };
    const state = stateVariables(view);
    expect(state.map((s) => s.name)).toEqual(["placed", "last"]);
    expect(state[0]?.value).toEqual({ kind: "text", text: "3" });
    const last = state[1]?.value;
    expect(last?.kind === "items" ? last.summary : "").toMatch(/1 key used/);
    const one = last?.kind === "items" ? last.items[0] : undefined;
    expect(one?.name).toBe(`[${SENDER}]`);
    expect(items(one?.value ?? { kind: "text", text: "" }).total).toBe("105");
  });

  it("takes the last value up to the step: reads at it, writes only before it", () => {
    const seen = storageSeen(
      [
        { step: 1, storage: { slot: "0", value: "1", write: false } },
        { step: 5, storage: { slot: "0", value: "2", write: true } },
        { step: 9, storage: { slot: "0", value: "3", write: true } },
      ],
      9,
    );
    expect(seen.get(0n)).toBe(w(2n));
  });
});
