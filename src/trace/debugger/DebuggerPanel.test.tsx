// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DebuggerPanel, type DebuggerPanelProps } from "./DebuggerPanel";
import { DebuggerSection } from "./DebuggerSection";

const VIEW = { width: 800, height: 400 };
const SOURCE = [
  "contract Ledger {",
  "  function settle(uint64 amount) external {",
  "    check(amount);",
  "  }",
  "  function check(uint64 amount) internal pure {",
  '    require(amount < 10, "big");',
  "  }",
  "}",
].join("\n");

function props(over: Partial<DebuggerPanelProps> = {}): DebuggerPanelProps {
  return {
    size: 10,
    step: 1,
    place: { path: "Ledger.sol", line: 6, text: '    require(amount < 10, "big");' },
    op: "JUMPI",
    gasLeft: 29_000,
    targets: { into: 4, over: 4, out: 7, back: 0 },
    onStep: () => {},
    onJump: () => {},
    callStack: [
      { name: "settle", kind: "external", place: { path: "Ledger.sol", line: 3 }, step: 0 },
      { name: "check", kind: "internal", place: { path: "Ledger.sol", line: 6 }, step: 1 },
    ],
    machine: {
      stack: [
        { word: "64", label: "amount uint64 = 100 (argument)" },
        { word: "1f", label: null },
      ],
      partialStack: false,
      memory: { offset: 64, hex: `0x${"00".repeat(31)}80${"ab".repeat(8)}`, size: 96 },
      storage: {
        write: false,
        slot: "3",
        value: "64",
        names: [{ name: "cap", type: "uint256", value: "100" }],
      },
      pending: null,
    },
    files: [{ path: "Ledger.sol", content: SOURCE }],
    initialPath: "Ledger.sol",
    notes: [],
    viewport: VIEW,
    ...over,
  };
}

afterEach(cleanup);

describe("DebuggerPanel", () => {
  it("the step's place and 'step K of N' in a status, the line marked in the source", () => {
    render(
      <DebuggerSection note="">
        <DebuggerPanel {...props()} />
      </DebuggerSection>,
    );
    const region = screen.getByRole("region", { name: "Debugger" });
    const status = within(region).getByRole("status");
    expect(status.textContent).toMatch(/^Ledger\.sol:6 step 2 of 10 JUMPI, 29,000 gas left$/);
    const current = within(region)
      .getAllByRole("row")
      .find((r) => r.getAttribute("aria-current") === "step");
    expect(current?.getAttribute("aria-rowindex")).toBe("7");
    expect(current?.textContent).toContain("require(amount < 10");
  });

  it("the call stack outermost first, each item's text starting with its function's name", async () => {
    const onJump = vi.fn();
    render(<DebuggerPanel {...props({ onJump })} />);
    const list = screen.getByRole("list", { name: "Call stack" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      "settleexternalLedger.sol:3",
      "checkinternalLedger.sol:6",
    ]);
    await userEvent.click(within(list).getByRole("button", { name: "settle" }));
    expect(onJump).toHaveBeenCalledWith(0);
  });

  it("the EVM stack top first in 32-byte hex words, labelled; memory rows by offset; storage by name", () => {
    render(<DebuggerPanel {...props()} />);
    const stack = screen.getByRole("list", { name: /^stack/i });
    const words = within(stack).getAllByRole("listitem");
    expect(words[0]?.textContent).toBe(`00x${"0".repeat(62)}64amount uint64 = 100 (argument)`);
    expect(words[1]?.textContent).toBe(`10x${"0".repeat(62)}1f`);
    const memory = screen.getByRole("table", { name: "Memory" });
    const rows = within(memory).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]?.textContent)).toEqual([
      "0x0040",
      "0x0060",
    ]);
    expect(rows[1]?.textContent).toContain("abababab abababab");
    expect(screen.getByText("cap")).toBeTruthy();
    expect(screen.getByText(/slot 0x0{63}3 = 0x0{62}64/)).toBeTruthy();
  });

  it("buttons, keys and the slider step; a key typed in a field does not", async () => {
    const onStep = vi.fn();
    const onJump = vi.fn();
    render(
      <>
        <input aria-label="elsewhere" />
        <DebuggerPanel {...props({ onStep, onJump })} />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: /step into/i }));
    expect(screen.getByRole("button", { name: /step into/i }).getAttribute("title")).toBe(
      "Step into (F11 or i)",
    );
    fireEvent.keyDown(document.body, { key: "F10" });
    fireEvent.keyDown(document.body, { key: "u" });
    fireEvent.keyDown(document.body, { key: "F10", shiftKey: true });
    expect(onStep.mock.calls.map((c) => c[0])).toEqual(["into", "over", "out", "back"]);
    fireEvent.keyDown(screen.getByLabelText("elsewhere"), { key: "i" });
    expect(onStep).toHaveBeenCalledTimes(4);
    const slider = screen.getByRole("slider", { name: /go to step/i });
    expect(slider.getAttribute("aria-valuetext")).toBe("step 2 of 10");
    fireEvent.change(slider, { target: { value: "7" } });
    expect(onJump).toHaveBeenCalledWith(7);
  });

  it("a command that stays put is disabled (no step back from the first step)", () => {
    render(
      <DebuggerPanel {...props({ step: 0, targets: { into: 4, over: 4, out: 9, back: 0 } })} />,
    );
    expect((screen.getByRole("button", { name: /step back/i }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("while the tracer runs: the frame's first line, the commands waiting (keys too)", () => {
    const onStep = vi.fn();
    render(
      <DebuggerPanel
        {...props({
          step: 0,
          place: { path: "Ledger.sol", line: 1, text: "contract Ledger {" },
          waiting: "the debug tracer is running",
          op: null,
          gasLeft: null,
          onStep,
        })}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe(
      "Ledger.sol:1 step 1: the debug tracer is running",
    );
    for (const b of ["Step back", "Step into", "Step over", "Step out"])
      expect((screen.getByRole("button", { name: b }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("slider") as HTMLInputElement).disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: "i" });
    expect(onStep).not.toHaveBeenCalled();
  });

  it("says what it cannot show", () => {
    render(
      <DebuggerPanel
        {...props({
          files: [],
          place: null,
          notes: ["This contract's source is not verified: steps show pcs and gas only."],
        })}
      />,
    );
    expect(screen.getByText(/not verified/)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toMatch(/^no source line step 2 of 10/);
    expect(screen.queryByRole("table", { name: /source/ })).toBeNull();
  });
});
