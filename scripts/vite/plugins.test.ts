import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { inlineIcon } from "./plugins";

/** The plugin's transformIndexHtml, called as Vite calls it on the built page. */
function transform(plugin: ReturnType<typeof inlineIcon>, html: string): string {
  const hook = plugin.transformIndexHtml;
  if (typeof hook !== "function") throw new Error("no transformIndexHtml function");
  return String(Reflect.apply(hook, {}, [html, {}]));
}

const ICON = resolve(__dirname, "../../public/favicon.png");

describe("the built page's icon inline", () => {
  it("puts the project's icon into the page as a data: URL of the same bytes, and asks for no file", () => {
    const html = readFileSync(resolve(__dirname, "../../index.html"), "utf8");
    const out = transform(inlineIcon(), html);
    const href = /<link rel="icon"[^>]*href="([^"]*)"/.exec(out)?.[1] ?? "";
    expect(href.startsWith("data:image/png;base64,")).toBe(true);
    expect(out).not.toContain("/favicon.png");
    const bytes = Buffer.from(href.slice("data:image/png;base64,".length), "base64");
    expect(bytes.equals(readFileSync(ICON))).toBe(true);
  });

  it("is a 64 px PNG, as the page's link says", () => {
    const png = readFileSync(ICON);
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    // IHDR: width and height, big-endian, after the signature and the chunk's length and name
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([64, 64]);
    expect(readFileSync(resolve(__dirname, "../../index.html"), "utf8")).toContain('sizes="64x64"');
  });

  it("stops the build when the page has no icon link to replace", () => {
    const dir = mkdtempSync(join(tmpdir(), "icon-"));
    writeFileSync(join(dir, "i.png"), readFileSync(ICON));
    expect(() => transform(inlineIcon(join(dir, "i.png")), "<head></head>")).toThrow(/icon link/);
  });
});
