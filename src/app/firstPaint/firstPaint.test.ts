// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FrameChunk, PackedModel } from "../../trace/answer";
import { answerRoute, appStage, paintFirstControls, paintFirstView } from "./index";
import { paintTraceRows } from "./trace";

const ADDR_A = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const ADDR_B = "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512";

function mount(): HTMLElement {
  const root = document.createElement("div");
  root.id = "root";
  document.body.replaceChildren(root);
  return root;
}

/** React's first commit as the first paint meets it: the container's children replaced. */
function commit(root: HTMLElement, ...children: HTMLElement[]): void {
  const app = document.createElement("div");
  app.append(...children);
  root.replaceChildren(app);
}

/** The app's form as React would render it: inputs named as the form registers them. */
function form(fields: Record<string, string>): HTMLElement {
  const el = document.createElement("form");
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.name = name;
    input.value = value;
    el.append(input);
  }
  return el;
}

function element(tag: string, attrs: Record<string, string> = {}): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.useRealTimers());

describe("the first paint", () => {
  it("draws the empty transaction form with its labelled fields, the header and its tabs", () => {
    const root = mount();
    paintFirstView("#/tx", root);
    for (const name of ["Transaction hash", "Block hash", "Transaction index"]) {
      const label = [...root.querySelectorAll("label")].find((l) => l.textContent === name);
      expect(label?.control, name).toBeInstanceOf(HTMLInputElement);
    }
    expect(root.querySelector("nav[aria-label=Methods] a[aria-current=page]")?.textContent).toBe(
      "Transaction",
    );
    expect(root.querySelector("main")?.getAttribute("aria-busy")).toBe("true");
  });

  it("draws a link's route as the app's loading note; a trace link with an empty call tree", () => {
    const root = mount();
    paintFirstView("#/logs?blockHash=0x12", root);
    expect(root.querySelector("[role=status]")?.textContent).toBe("Loading the Logs view…");
    // no field; the results filter box once drawn (after the first rows), and no other
    expect(root.querySelector("label")).toBeNull();
    paintFirstControls(root);
    paintFirstControls(root);
    expect([...root.querySelectorAll("label")].map((l) => l.textContent)).toEqual([
      "Filter results",
    ]);
    paintFirstView(`#/trace?hash=0x${"ab".repeat(32)}`, root);
    expect(root.querySelector("[role=tree]")?.getAttribute("aria-label")).toBe("Call tree");
    expect(root.querySelectorAll("[role=treeitem]")).toHaveLength(0);
  });

  it("draws the first answer of a transaction link and of a logs link (of a large one, its first bytes)", () => {
    expect(answerRoute(`#/tx?hash=0x${"ab".repeat(32)}`)).toBe("tx");
    expect(answerRoute(`#/tx?blockHash=0x${"ab".repeat(32)}&index=2`)).toBe("tx");
    expect(answerRoute(`#/logs?blockHash=0x${"ab".repeat(32)}`)).toBe("logs");
    // a range of logs can be any size: its first rows come from the answer's first bytes (logs.ts)
    expect(answerRoute("#/logs?fromBlock=0x0&toBlock=0x3e7")).toBe("logs");
    expect(answerRoute("#/tx")).toBeNull();
    expect(answerRoute(`#/trace?hash=0x${"ab".repeat(32)}`)).toBeNull();
    const root = mount();
    paintFirstView("#/logs", root);
    expect(root.querySelector("[data-first-rows]")).toBeNull();
    paintFirstView("#/logs?fromBlock=0x0&toBlock=0x3e7", root);
    expect(root.querySelector("[data-first-rows]")).not.toBeNull();
  });

  it("carries what was typed, and the focus, into the app's field of the same name", async () => {
    const root = mount();
    paintFirstView("#/tx", root);
    const painted = root.querySelector<HTMLInputElement>("input[name=blockHash]");
    if (!painted) throw new Error("no painted field");
    painted.focus();
    painted.value = "0xabc";
    painted.dispatchEvent(new Event("input", { bubbles: true }));
    const heard: string[] = [];
    root.addEventListener("input", (e) => heard.push((e.target as HTMLInputElement).value));
    commit(root, form({ hash: "", blockHash: "", index: "" }));
    await tick();
    const real = root.querySelector<HTMLInputElement>("input[name=blockHash]");
    expect(real?.value).toBe("0xabc");
    expect(heard).toEqual(["0xabc"]); // as typing: the form's state hears it
    expect(document.activeElement).toBe(real);
    expect(root.querySelector<HTMLInputElement>("input[name=hash]")?.value).toBe("");
  });

  it("waits for the app's field when its first commit is a loading note, and never overwrites", async () => {
    const root = mount();
    paintFirstView("#/tx", root);
    const hash = root.querySelector<HTMLInputElement>("input[name=hash]");
    const index = root.querySelector<HTMLInputElement>("input[name=index]");
    if (!hash || !index) throw new Error("no painted fields");
    for (const [input, value] of [
      [hash, "0x1"],
      [index, "7"],
    ] as const) {
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    commit(root, element("p"));
    await tick();
    commit(root, form({ hash: "0xlinked", index: "" }));
    await tick();
    expect(root.querySelector<HTMLInputElement>("input[name=hash]")?.value).toBe("0xlinked");
    expect(root.querySelector<HTMLInputElement>("input[name=index]")?.value).toBe("7");
  });

  it("fills a trace link's call tree with the Worker's first rows, as the tree's light rows", () => {
    const root = mount();
    paintFirstView(`#/trace?hash=0x${"ab".repeat(32)}`, root);
    const model = {
      size: 3,
      level: Int32Array.from([1, 2, 2]),
      childCount: Int32Array.from([2, 0, 0]),
      failed: Uint8Array.from([0, 0, 1]),
    } as unknown as PackedModel;
    const chunk: FrameChunk = {
      indices: Int32Array.from([0, 1, 2]),
      frames: [
        { type: "CALL", from: ADDR_A, to: ADDR_B, input: "0xa9059cbb00" },
        { type: "staticcall", from: ADDR_B, to: ADDR_A, input: "0x" },
        {
          type: "CALL",
          from: ADDR_B,
          to: ADDR_A,
          input: "0x12345678",
          error: "execution reverted",
        },
      ],
      issues: [],
    };
    paintTraceRows(root, model, chunk);
    const rows = [...root.querySelectorAll("[role=tree] [role=treeitem]")];
    expect(rows.map((r) => r.getAttribute("aria-level"))).toEqual(["1", "2", "2"]);
    expect(rows[0]?.getAttribute("aria-expanded")).toBe("true");
    expect(rows[2]?.getAttribute("aria-invalid")).toBe("true");
    expect(rows.map((r) => r.textContent)).toEqual([
      "▾CALL  0x5fbdb2…0aa3 → 0xe7f172…0512  0xa9059cbb(…)",
      "STATICCALL  0xe7f172…0512 → 0x5fbdb2…0aa3  ",
      "CALL failed  0xe7f172…0512 → 0x5fbdb2…0aa3  0x12345678(…)",
    ]);
  });

  it("puts no rows anywhere once the app has replaced the first paint", () => {
    const root = mount();
    paintFirstView(`#/trace?hash=0x${"ab".repeat(32)}`, root);
    commit(root, element("div", { role: "tree" }));
    paintTraceRows(
      root,
      {
        level: Int32Array.from([1]),
        childCount: Int32Array.from([0]),
        failed: new Uint8Array(1),
      } as unknown as PackedModel,
      { indices: Int32Array.from([0]), frames: [{ type: "CALL", from: ADDR_A }], issues: [] },
    );
    expect(root.querySelectorAll("[role=treeitem]")).toHaveLength(0);
  });
});

describe("the app's stage: the painted view stays until the app shows as much", () => {
  /** A logs link's first paint with one painted row. */
  function paintedRows(root: HTMLElement): HTMLElement {
    paintFirstView(`#/logs?blockHash=0x${"ab".repeat(32)}`, root);
    const box = root.querySelector("[data-first-rows]");
    if (!box) throw new Error("no rows box");
    box.append(element("div", { role: "row", "data-index": "0" }));
    const painted = root.querySelector<HTMLElement>("[data-first-paint]");
    if (!painted) throw new Error("no first paint");
    return painted;
  }
  const seen = (stage: HTMLElement) => stage.getAttribute("style") === null;

  it("keeps the painted rows, and the app unseen, until the app has rows of its own", async () => {
    const root = mount();
    const painted = paintedRows(root);
    const stage = appStage(root);
    stage.append(element("p", { role: "status" })); // the app's loading state
    await tick();
    expect(painted.isConnected).toBe(true);
    expect(seen(stage)).toBe(false);
    expect(root.querySelectorAll("[role=row][data-index]")).toHaveLength(1);
    stage.append(element("div", { role: "row", "data-index": "0" }));
    await tick();
    expect(painted.isConnected).toBe(false);
    expect(seen(stage)).toBe(true);
    expect(root.querySelectorAll("[role=row][data-index]")).toHaveLength(1);
  });

  it("gives way to an alert that stands 300 ms, not to a passing one; to anything after the wait", async () => {
    vi.useFakeTimers();
    try {
      const root = mount();
      const painted = paintedRows(root);
      const stage = appStage(root, 3_000);
      const passing = element("div", { role: "alert" });
      stage.append(passing);
      await vi.advanceTimersByTimeAsync(100);
      passing.remove();
      await vi.advanceTimersByTimeAsync(400);
      expect(painted.isConnected).toBe(true);
      stage.append(element("div", { role: "alert" }));
      await vi.advanceTimersByTimeAsync(350);
      expect(painted.isConnected).toBe(false);
      expect(seen(stage)).toBe(true);

      const root2 = mount();
      const painted2 = paintedRows(root2);
      const stage2 = appStage(root2, 3_000);
      stage2.append(element("p"));
      await vi.advanceTimersByTimeAsync(2_900);
      expect(painted2.isConnected).toBe(true);
      await vi.advanceTimersByTimeAsync(200);
      expect(painted2.isConnected).toBe(false);
      expect(seen(stage2)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a painted form gives way at the app's first commit, carrying what was typed", async () => {
    const root = mount();
    paintFirstView("#/tx", root);
    const painted = root.querySelector<HTMLInputElement>("input[name=blockHash]");
    if (!painted) throw new Error("no painted field");
    painted.value = "0xabc";
    painted.dispatchEvent(new Event("input", { bubbles: true }));
    const stage = appStage(root);
    stage.append(form({ hash: "", blockHash: "", index: "" }));
    await tick();
    await tick();
    expect(root.querySelector("[data-first-paint]")).toBeNull();
    expect(seen(stage)).toBe(true);
    expect(root.querySelector<HTMLInputElement>("input[name=blockHash]")?.value).toBe("0xabc");
  });

  it("answers the controls reached for first, and carries what was done there into the app's", async () => {
    const root = mount();
    paintFirstView(`#/trace?hash=0x${"ab".repeat(32)}`, root);
    paintFirstControls(root);
    const painted = root.querySelector<HTMLElement>("[data-first-paint]");
    const expand = [...root.querySelectorAll("button")].find((b) => b.textContent === "Expand all");
    const search = root.querySelector<HTMLInputElement>("input[name=trace-search]");
    if (!painted || !expand || !search) throw new Error("no painted controls");
    expect(root.querySelector(`label[for="${search.id}"]`)?.textContent).toBe("Search frames");
    const note = () => [...root.querySelectorAll("[role=status]")].map((s) => s.textContent).join();
    expect(note()).not.toMatch(/every frame opens/i);
    expand.click();
    expect(note()).toMatch(/every frame opens once the whole trace is read/i);
    search.value = "transfer";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    search.focus();
    expect(note()).toMatch(/the search runs once the whole trace is read/i);
    painted.querySelector("[data-first-tree]")?.append(element("div", { role: "treeitem" }));

    // the app: its rows, its Expand all (pressed once it is in) and its search box
    const stage = appStage(root);
    const app = element("div");
    const presses: string[] = [];
    const appExpand = element("button", { "data-hand-over": "expand-all" });
    appExpand.addEventListener("click", () => presses.push("expand"));
    const appSearch = element("input", { name: "trace-search" });
    app.append(element("div", { role: "treeitem" }), appExpand, appSearch);
    stage.append(app);
    await tick();
    await tick();
    expect(painted.isConnected).toBe(false);
    expect(presses).toEqual(["expand"]);
    expect((appSearch as HTMLInputElement).value).toBe("transfer");
    expect(document.activeElement).toBe(appSearch);

    // a logs link: the filter typed before the app's table is in
    const root2 = mount();
    paintFirstView(`#/logs?blockHash=0x${"ab".repeat(32)}`, root2);
    paintFirstControls(root2);
    const filter = root2.querySelector<HTMLInputElement>("input[name=logs-filter]");
    if (!filter) throw new Error("no painted filter");
    filter.value = "event=transfer";
    filter.dispatchEvent(new Event("input", { bubbles: true }));
    expect(root2.textContent).toMatch(/the filter runs once the logs are in/i);
    const stage2 = appStage(root2);
    stage2.append(element("input", { name: "logs-filter" }));
    await tick();
    await tick();
    expect(root2.querySelector("[data-first-paint]")).toBeNull();
    expect(root2.querySelector<HTMLInputElement>("input[name=logs-filter]")?.value).toBe(
      "event=transfer",
    );
  });

  it("a link's filter text is in the painted filter box; an edit of it goes over the app's", async () => {
    const link = `#/logs?blockHash=0x${"ab".repeat(32)}&q=transfer`;
    const root = mount();
    paintFirstView(link, root);
    paintFirstControls(root);
    const filter = root.querySelector<HTMLInputElement>("input[name=logs-filter]");
    if (!filter) throw new Error("no painted filter");
    expect(filter.value).toBe("transfer");
    filter.value = "approval";
    filter.dispatchEvent(new Event("input", { bubbles: true }));
    const stage = appStage(root);
    // the app's box holds the link's filter text as it mounts
    stage.append(form({ "logs-filter": "transfer" }));
    await tick();
    await tick();
    expect(root.querySelector<HTMLInputElement>("input[name=logs-filter]")?.value).toBe("approval");

    // not edited: the app's own value stays
    const root2 = mount();
    paintFirstView(link, root2);
    paintFirstControls(root2);
    const stage2 = appStage(root2);
    stage2.append(form({ "logs-filter": "transfer" }));
    await tick();
    expect(root2.querySelector<HTMLInputElement>("input[name=logs-filter]")?.value).toBe(
      "transfer",
    );
  });
});
