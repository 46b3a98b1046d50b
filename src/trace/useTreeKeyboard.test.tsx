// @vitest-environment jsdom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { flatten } from "./flatten";
import { allExpanded, baseStructure, buildRows } from "./tree";
import { sampleTrace } from "./testing";
import { useTreeKeyboard } from "./useTreeKeyboard";

afterEach(cleanup);

const model = flatten(sampleTrace());
const structure = baseStructure(model);
const expanded = allExpanded(model);
const rows = buildRows(model, structure, expanded);

/**
 * A tree whose page answers a selection late, as the app's can: the key's render shows the old
 * selection (here, an unrelated render comes first), and the new one arrives when `deliver` runs.
 */
function LateTree() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const [asked, setAsked] = useState(0);
  const [, setTick] = useState(0);
  const onKeyDown = useTreeKeyboard(
    scrollRef,
    {
      structure,
      rows,
      expanded,
      selected,
      onSelect: setAsked,
      onToggle: () => {},
      onExpandSiblings: () => {},
    },
    rows.rowOfFrame[selected] ?? -1,
  );
  return (
    <div ref={scrollRef} role="tree" onKeyDown={onKeyDown}>
      {/* clicked with fireEvent, which moves no focus */}
      <button onClick={() => setTick((t) => t + 1)}>Render</button>
      <button onClick={() => setSelected(asked)}>Deliver</button>
      {Array.from({ length: rows.length }, (_, r) => {
        const f = rows.frame[r] ?? 0;
        return (
          <div key={r} role="treeitem" tabIndex={-1} data-frame-row={f}>
            {f}
          </div>
        );
      })}
    </div>
  );
}

describe("useTreeKeyboard", () => {
  it("moves focus to the key's target when its selection arrives renders after the key", () => {
    const { container, getByRole } = render(<LateTree />);
    const click = (name: string) => fireEvent.click(getByRole("button", { name }));
    const row = (f: number) =>
      container.querySelector<HTMLElement>(`[data-frame-row="${f}"]`) as HTMLElement;
    row(0).focus();
    fireEvent.keyDown(row(0), { key: "End" });
    // End's target: the last frame row (log rows are skipped), not the first frame
    let r = rows.length - 1;
    while (rows.log[r] !== -1) r--;
    const last = rows.frame[r] as number;
    expect(last).not.toBe(0);
    // a render before the selection arrives: focus stays where it is, the target is remembered
    click("Render");
    expect(document.activeElement).toBe(row(0));
    click("Deliver");
    expect(document.activeElement).toBe(row(last));
    // once focused, later renders leave focus alone
    row(0).focus();
    click("Render");
    expect(document.activeElement).toBe(row(0));
  });
});
