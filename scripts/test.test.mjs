import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { runTogether } from "./test.mjs";

/** A stream that keeps what is written to it. */
function sink() {
  const chunks = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

const node = (code) => [process.execPath, "-e", code];

describe("npm test's runner (scripts/test.mjs)", () => {
  it("runs commands side by side, each line under its name, and names the ones that failed", async () => {
    const out = sink();
    const err = sink();
    const dir = mkdtempSync(join(tmpdir(), "npm-test-"));
    const flag = join(dir, "flag");
    // "waits" ends well only once "writes", started after it, has run: side by side
    const waits = `const f=${JSON.stringify(flag)};const t=Date.now();const i=setInterval(()=>{if(require("fs").existsSync(f)){clearInterval(i);console.log("a done")}else if(Date.now()-t>20000){clearInterval(i);process.exit(5)}},20)`;
    const failed = await runTogether(
      [
        [node(waits), "waits"],
        [node(`require("fs").writeFileSync(${JSON.stringify(flag)}, "")`), "writes"],
        [
          node("console.log('b one\\nb two'); console.error('b says why'); process.exit(3)"),
          "fails",
        ],
      ],
      out.stream,
      err.stream,
    );
    rmSync(dir, { recursive: true, force: true });
    expect(failed).toEqual(["fails"]);
    expect(out.text().split("\n").filter(Boolean).sort()).toEqual([
      "fails    │ b one",
      "fails    │ b two",
      "waits    │ a done",
    ]);
    expect(err.text()).toBe("fails    │ b says why\n");
  });

  it("reports a command that cannot start as failed", async () => {
    const err = sink();
    const failed = await runTogether(
      [[["/nonexistent/command"], "missing"]],
      sink().stream,
      err.stream,
    );
    expect(failed).toEqual(["missing"]);
    expect(err.text()).toMatch(/^missing {2}│ could not start: /);
  });
});
