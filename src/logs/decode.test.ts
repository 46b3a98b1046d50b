import { describe, expect, it } from "vitest";
import { erc20Contracts, logsDecodingKeys, withTokenUnits } from "./decode";
import type { DecodedEvent } from "./model";
import type { LogRow } from "./result";

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const topic = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const transfer: DecodedEvent = {
  name: "Transfer",
  signature: "Transfer(address indexed from, address indexed to, uint256 value)",
  args: [
    { name: "from", type: "address", value: "0x01", raw: "0x01", indexed: true, hashed: false },
    { name: "to", type: "address", value: "0x02", raw: "0x02", indexed: true, hashed: false },
    {
      name: "value",
      type: "uint256",
      value: "1500000000000000000",
      raw: 1500000000000000000n,
      indexed: false,
      hashed: false,
    },
  ],
};

describe("token units in the log table", () => {
  it("shows an ERC-20 amount in whole tokens where decimals are known, the exact integer beside it", () => {
    const ev = withTokenUnits(transfer, { symbol: "NST", decimals: 18 });
    expect(ev?.args[2]?.value).toBe("1.5 NST (1500000000000000000)");
    expect(ev?.args[0]?.value).toBe("0x01");
  });

  it("leaves amounts raw where decimals are unknown, and other events alone", () => {
    expect(withTokenUnits(transfer, undefined)).toBe(transfer);
    expect(withTokenUnits(transfer, { symbol: "X" })).toBe(transfer);
    const other = { ...transfer, name: "Deposit" };
    expect(withTokenUnits(other, { decimals: 18 })).toBe(other);
  });

  it("finds the ERC-20 contracts among the logs (3 topics; ERC-721 has 4)", () => {
    const row = (address: string, topics: string[]) =>
      ({ address, topics, data: "0x" }) as unknown as LogRow;
    const a = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    const nft = "0x0000000000000000000000000000000000000721";
    expect(
      erc20Contracts([
        row(a, [TRANSFER, topic(1), topic(2)]),
        row(a, [TRANSFER, topic(1), topic(3)]),
        row(nft, [TRANSFER, topic(1), topic(2), topic(42)]),
      ]),
    ).toEqual(["0x5FbDB2315678afecb367f032d93F642f64180aa3"]);
  });

  it("reads a contract or topic however its hex is cased, once (a node may answer in either case)", () => {
    const row = (address: string, topics: string[]) =>
      ({ address, topics, data: "0x" }) as unknown as LogRow;
    const a = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    const b = "0x0000000000000000000000000000000000000b0b";
    const rows = [
      row(a.toUpperCase().replace("0X", "0x"), [
        TRANSFER.toUpperCase().replace("0X", "0x"),
        topic(1),
        topic(2),
      ]),
      row(a, [TRANSFER, topic(1), topic(3)]),
      row(b, [TRANSFER, topic(1)]),
    ];
    expect(erc20Contracts(rows)).toEqual(["0x5FbDB2315678afecb367f032d93F642f64180aa3"]);
    const keys = logsDecodingKeys(rows);
    expect([...keys.topics]).toEqual([TRANSFER]);
    expect([...keys.addresses]).toEqual([a, b]);
  });
});
