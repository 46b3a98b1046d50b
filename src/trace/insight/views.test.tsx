// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { getAddress } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { flatten } from "../flatten";
import { callFrameSchema } from "../result";
import { BalanceChanges, balanceChangesCsv, type TokenMeta } from "./BalanceChanges";
import insightTrace from "./fixtures/insight-calltracer.json";
import insightDiff from "./fixtures/insight-prestate-diff.json";
import { readStateDiff } from "./stateDiff";
import { StateChanges } from "./StateChanges";
import { StatePanel } from "./StatePanel";
import { TokenFlow } from "./TokenFlow";
import { AddressNames } from "../../ui";
import { deriveBalanceChanges, deriveTransfers } from "./transfers";

afterEach(cleanup);

const model = flatten(callFrameSchema.parse(insightTrace));
const transfers = deriveTransfers(model);
const rows = deriveBalanceChanges(transfers);
const sender = getAddress("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266");
const weth = transfers.find((t) => t.via === "Deposit")?.asset.token ?? "";
const meta: ReadonlyMap<string, TokenMeta> = new Map([[weth, { symbol: "WETH", decimals: 18 }]]);

describe("BalanceChanges", () => {
  it("shows one row per address and asset with the exact signed change", () => {
    render(<BalanceChanges rows={rows} tokenMeta={meta} />);
    const region = screen.getByRole("region", { name: /balance changes/i });
    const table = within(region).getByRole("table");
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows).toHaveLength(rows.length);
    const senderRow = bodyRows.find((r) => r.textContent?.includes(sender));
    expect(senderRow?.textContent).toContain("-5000000000000000000");
    expect(senderRow?.textContent).toContain("-5 ETH");
    expect(screen.getByText(/gas fees are not included/i)).toBeTruthy();
    // a known token gets its formatted amount; ERC-721 rows name the token id
    expect(bodyRows.some((r) => /\+1 WETH/.test(r.textContent ?? ""))).toBe(true);
    expect(bodyRows.some((r) => /#42 \(ERC-721\)/.test(r.textContent ?? ""))).toBe(true);
  });

  it("links each address to its page, checksummed, and reads amounts in their unit with the exact integer in the title", () => {
    render(<BalanceChanges rows={rows} tokenMeta={meta} />);
    const link = screen.getAllByRole("link", { name: sender })[0];
    expect(link?.getAttribute("href")).toBe(`#/address?address=${sender}`);
    const amount = screen.getAllByText("-5 ETH")[0];
    expect(amount?.getAttribute("title")).toBe("-5000000000000000000 (smallest unit)");
  });

  it("filters and sorts", () => {
    render(<BalanceChanges rows={rows} tokenMeta={meta} />);
    fireEvent.change(screen.getByLabelText("Filter balance changes"), {
      target: { value: "ERC-1155" },
    });
    const table = screen.getByRole("table");
    const filtered = within(table).getAllByRole("row").slice(1);
    expect(filtered.length).toBe(rows.filter((r) => r.asset.kind === "erc1155").length);
    fireEvent.click(screen.getByRole("button", { name: /change \(smallest unit\)/i }));
    const header = screen.getByRole("columnheader", { name: /change \(smallest unit\)/i });
    expect(header.getAttribute("aria-sort")).toBe("descending");
    const first = within(table).getAllByRole("row")[1]?.textContent ?? "";
    expect(first).toContain("+60"); // the largest ERC-1155 gain: 60 of id 1 kept by Insight
  });

  it("exports exact amounts as CSV", () => {
    const csv = balanceChangesCsv(rows, meta, "ETH");
    const line = csv.split("\n").find((l) => l.startsWith(sender));
    expect(line).toBe(`${sender},ETH (native),,,-5000000000000000000,18,-5 ETH`);
  });
});

describe("TokenFlow", () => {
  it("heads each lane with its address's name, and transfers say the names", () => {
    const names = {
      name: (a: string) =>
        a.toLowerCase() === sender.toLowerCase()
          ? { text: "Deployer", source: "user" as const }
          : null,
    };
    const { container } = render(
      <AddressNames.Provider value={names}>
        <TokenFlow transfers={transfers} tokenMeta={meta} onSelectFrame={() => {}} />
      </AddressNames.Provider>,
    );
    const lane = container.querySelector("text[data-lane-name]");
    expect(lane?.textContent).toBe("Deployer");
    const fromSender = screen.getAllByRole("button", { name: /from Deployer \(0x/i });
    expect(fromSender.length).toBeGreaterThan(0);
  });

  it("heads each lane with a link to its address's page, checksummed", () => {
    render(<TokenFlow transfers={transfers} tokenMeta={meta} onSelectFrame={() => {}} />);
    const lane = screen.getByRole("link", { name: sender });
    expect(lane.getAttribute("href")).toBe(`#/address?address=${sender}`);
  });

  it("numbers the transfers and selects the frame of the one chosen", () => {
    const onSelect = vi.fn();
    render(<TokenFlow transfers={transfers} tokenMeta={meta} onSelectFrame={onSelect} />);
    const edges = screen.getAllByRole("button", { name: /^Transfer \d+:/ });
    expect(edges).toHaveLength(transfers.length);
    const selfdestruct = transfers.find((t) => model.frames[t.frame]?.type === "SELFDESTRUCT");
    const edge = screen.getByRole("button", {
      name: new RegExp(`^Transfer ${selfdestruct?.order}:`),
    });
    fireEvent.click(edge);
    expect(onSelect).toHaveBeenCalledWith(selfdestruct?.frame);
    fireEvent.keyDown(edges[0] as Element, { key: "Enter" });
    expect(onSelect).toHaveBeenLastCalledWith(0);
  });
});

describe("StateChanges", () => {
  it("lists accounts with balance and nonce, and one row per changed slot", () => {
    const diff = readStateDiff(insightDiff);
    if (diff.kind !== "diff") throw new Error("not a diff");
    render(<StateChanges accounts={diff.accounts} />);
    const region = screen.getByRole("region", { name: /state changes/i });
    const table = within(region).getByRole("table");
    const text = table.textContent ?? "";
    expect(text).toContain(sender);
    const slots = diff.accounts.reduce((n, a) => n + a.storage.length, 0);
    expect(
      within(table)
        .getAllByRole("row")
        .filter((r) => r.textContent?.includes("Storage")),
    ).toHaveLength(slots);
    const scratch = `0x${"0".repeat(63)}3`;
    const scratchRow = within(table)
      .getAllByRole("row")
      .find((r) => r.textContent?.startsWith(scratch));
    expect(scratchRow?.textContent).toContain(`0x${"0".repeat(63)}7`);
    expect(scratchRow?.textContent).toContain("7 → 0");
  });
});

describe("StatePanel on a priced endpoint", () => {
  it("asks in one press on a button that says what the run costs", () => {
    const onAsk = vi.fn();
    render(
      <StatePanel
        asked={false}
        onAsk={onAsk}
        busy={false}
        result={undefined}
        error={null}
        costNote="280 compute units"
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Show state changes (280 compute units)" }));
    expect(onAsk).toHaveBeenCalledTimes(1);
  });
});
