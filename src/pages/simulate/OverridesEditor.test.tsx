// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { OverridesEditor } from "./OverridesEditor";
import {
  emptyBlockValues,
  newAccountRow,
  newSlotRow,
  type AccountRow,
  type BlockOverrideValues,
} from "../../simulation/overrides";

afterEach(cleanup);

const ADDR = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";

/** The page's part: holds the rows and hands every change back. */
function Harness(props: {
  initial?: AccountRow[];
  initialBlock?: BlockOverrideValues;
  showAll?: boolean;
  onAccounts?: (rows: AccountRow[]) => void;
  onBlock?: (v: BlockOverrideValues) => void;
}) {
  const [accounts, setAccounts] = useState<AccountRow[]>(props.initial ?? []);
  const [block, setBlock] = useState<BlockOverrideValues>(props.initialBlock ?? emptyBlockValues());
  return (
    <OverridesEditor
      accounts={accounts}
      onAccounts={(rows) => {
        props.onAccounts?.(rows);
        setAccounts(rows);
      }}
      block={block}
      onBlock={(v) => {
        props.onBlock?.(v);
        setBlock(v);
      }}
      showAll={props.showAll ?? false}
    />
  );
}

const group = (name: string | RegExp) => screen.getByRole("group", { name });

describe("the overrides editor", () => {
  it("adds and removes overrides, calling back and moving focus", async () => {
    const user = userEvent.setup();
    const onAccounts = vi.fn<(rows: AccountRow[]) => void>();
    render(<Harness onAccounts={onAccounts} />);
    expect(screen.getByRole("group", { name: "State overrides" })).toBeTruthy();
    expect(screen.getByText(/No state overrides/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add state override" }));
    expect(onAccounts).toHaveBeenLastCalledWith([expect.objectContaining({ address: "" })]);
    const first = group("Override 1");
    const address = within(first).getByLabelText("Address");
    expect(document.activeElement).toBe(address);
    await user.type(address, ADDR);
    expect(group("Override 1: 0x5aae…eaed")).toBe(first);
    expect(onAccounts).toHaveBeenLastCalledWith([expect.objectContaining({ address: ADDR })]);

    await user.click(screen.getByRole("button", { name: "Add state override" }));
    expect(screen.getByRole("group", { name: "Override 2" })).toBeTruthy();
    await user.click(within(first).getByRole("button", { name: "Remove override" }));
    expect(onAccounts).toHaveBeenLastCalledWith([expect.objectContaining({ address: "" })]);
    // The second became the first, and has focus.
    const remaining = group("Override 1");
    expect(document.activeElement).toBe(within(remaining).getByLabelText("Address"));
    await user.click(within(remaining).getByRole("button", { name: "Remove override" }));
    expect(onAccounts).toHaveBeenLastCalledWith([]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add state override" }));
  });

  it("adds and removes slots, and shows a bad slot's problem as typed", async () => {
    const user = userEvent.setup();
    const onAccounts = vi.fn<(rows: AccountRow[]) => void>();
    render(<Harness initial={[{ ...newAccountRow(), address: ADDR }]} onAccounts={onAccounts} />);
    const account = group(/^Override 1/);
    await user.click(within(account).getByRole("button", { name: "Add slot" }));
    const slotInput = within(group("Slot 1")).getByLabelText("Slot");
    expect(document.activeElement).toBe(slotInput);
    await user.type(slotInput, "0xzz");
    expect(slotInput.getAttribute("aria-invalid")).toBe("true");
    expect(within(group("Slot 1")).getByRole("alert").textContent).toBe(
      'Slot has a character that is not a hex digit: "z".',
    );
    // The value next to it was not touched: its problem (required) waits.
    expect(within(group("Slot 1")).getByLabelText("Slot value").getAttribute("aria-invalid")).toBe(
      null,
    );
    await user.clear(slotInput);
    await user.type(slotInput, `0x${"1".repeat(65)}`);
    expect(within(group("Slot 1")).getByRole("alert").textContent).toBe(
      "Slot has 65 hex digits: a storage word is at most 32 bytes (64 hex digits).",
    );

    await user.click(within(account).getByRole("button", { name: "Remove slot" }));
    expect(onAccounts).toHaveBeenLastCalledWith([expect.objectContaining({ slots: [] })]);
    expect(screen.queryByRole("group", { name: "Slot 1" })).toBeNull();
    expect(document.activeElement).toBe(within(account).getByRole("button", { name: "Add slot" }));
  });

  it("shows a field's problem only once it is touched, and all of them with showAll", () => {
    const row: AccountRow = { ...newAccountRow(), address: ADDR, slots: [newSlotRow()] };
    const bad: AccountRow = { ...newAccountRow(), balance: "1.5" };
    const block = { ...emptyBlockValues(), number: "soon" };
    const { rerender } = render(<Harness initial={[row, bad]} initialBlock={block} />);
    expect(screen.queryAllByRole("alert")).toEqual([]);

    rerender(<Harness initial={[row, bad]} initialBlock={block} showAll />);
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toEqual([
      `Override 1 (${ADDR}) overrides nothing: give a balance, nonce, code or a storage slot.`,
      "Address is required: the account whose state is overridden (0x followed by 40 hex digits).",
      "Balance without a unit is in wei, which has no decimals: add a unit (1.5 ether) or give a whole number of wei.",
      "Block number must be a whole number: decimal (19000000) or 0x hex (0x121eac0).",
    ]);
    expect(within(group("Override 2")).getByLabelText("Balance").getAttribute("aria-invalid")).toBe(
      "true",
    );
    // The block overrides open by themselves when they hold values.
    const details = screen.getByText("Block overrides").closest("details");
    expect(details?.open).toBe(true);
  });

  it("waits until Address is left before saying an override changes nothing", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[newAccountRow()]} />);
    const address = screen.getByLabelText("Address");
    await user.type(address, ADDR);
    expect(screen.queryByRole("alert")).toBeNull();
    await user.tab();
    expect(screen.getByRole("alert").textContent).toMatch(/overrides nothing/);
    await user.type(screen.getByLabelText("Balance"), "100 ether");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText("wei (decimal or 0x hex), or e.g. 100 ether")).toBeTruthy();
  });

  it("chooses the storage mode, and says what replacing with no slots does", async () => {
    const user = userEvent.setup();
    const onAccounts = vi.fn<(rows: AccountRow[]) => void>();
    render(<Harness initial={[{ ...newAccountRow(), address: ADDR }]} onAccounts={onAccounts} />);
    const patch = screen.getByRole("radio", { name: "Patch these slots (stateDiff)" });
    const replace = screen.getByRole("radio", { name: "Replace all storage (state)" });
    expect((patch as HTMLInputElement).checked).toBe(true);
    await user.click(replace);
    expect((replace as HTMLInputElement).checked).toBe(true);
    expect(onAccounts).toHaveBeenLastCalledWith([
      expect.objectContaining({ storageMode: "state" }),
    ]);
    expect(
      screen.getByText(/No slots listed: all storage of this account is emptied/),
    ).toBeTruthy();
    // Emptying all storage is an override in itself.
    await user.click(screen.getByLabelText("Address"));
    await user.tab();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("edits block overrides, checked as typed", async () => {
    const user = userEvent.setup();
    const onBlock = vi.fn<(v: BlockOverrideValues) => void>();
    render(<Harness onBlock={onBlock} />);
    await user.click(screen.getByText("Block overrides"));
    expect(
      screen.getByText(/Not every node applies block overrides in debug_traceCall/),
    ).toBeTruthy();
    await user.type(screen.getByLabelText("Timestamp"), "-5");
    expect(screen.getByRole("alert").textContent).toBe("Timestamp cannot be negative.");
    await user.type(screen.getByLabelText("Base fee"), "30 gwei");
    expect(onBlock).toHaveBeenLastCalledWith({ number: "", time: "-5", baseFee: "30 gwei" });
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByLabelText("Block number")).toBeTruthy();
  });

  it("every button is type=button: the editor sits inside the call's form", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Harness initial={[{ ...newAccountRow(), address: ADDR, slots: [newSlotRow()] }]} />
      </form>,
    );
    for (const b of screen.getAllByRole("button")) expect(b.getAttribute("type")).toBe("button");
    await user.click(screen.getByRole("button", { name: "Add slot" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
