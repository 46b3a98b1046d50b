import { expect, it } from "vitest";
import { checksumOf, shortAddress, shortHex } from "./hexText";

it("shortens a hash or an address to its first 6 and last 4 hex digits, short values whole", () => {
  expect(shortHex(`0x123456${"0".repeat(54)}abcd`)).toBe("0x123456…abcd");
  expect(shortHex("0xa9059cbb")).toBe("0xa9059cbb");
  expect(shortHex(null)).toBe("—");
});

it("an address reads checksummed, short or whole", () => {
  const lower = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
  expect(checksumOf(lower)).toBe("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  expect(shortAddress(lower)).toBe("0x5aAeb6…eAed");
  expect(checksumOf("not an address")).toBe("not an address");
});
