import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { iconDataUrl, inlineIcon } from "./plugins";

/** The plugin's transformIndexHtml, called as Vite calls it on the built page. */
function transform(plugin: ReturnType<typeof inlineIcon>, html: string): string {
  const hook = plugin.transformIndexHtml;
  if (typeof hook !== "function") throw new Error("no transformIndexHtml function");
  return String(Reflect.apply(hook, {}, [html, {}]));
}

describe("the built page's icon inline", () => {
  it("puts the project's icon into the page as a data: URL that reads back as the same SVG", () => {
    const html = readFileSync(resolve(__dirname, "../../index.html"), "utf8");
    const out = transform(inlineIcon(), html);
    const href = /<link rel="icon"[^>]*href="([^"]*)"/.exec(out)?.[1] ?? "";
    expect(href.startsWith("data:image/svg+xml,")).toBe(true);
    expect(out).not.toContain("/favicon.svg");
    const svg = readFileSync(resolve(__dirname, "../../public/favicon.svg"), "utf8");
    const back = decodeURIComponent(href.slice("data:image/svg+xml,".length));
    expect(back).toBe(svg.trim().replace(/"/g, "'").replace(/\s+/g, " "));
  });

  it("escapes what would end the attribute or the URL", () => {
    const url = iconDataUrl('<svg id="a#b" x="50%">\n<g/></svg>');
    expect(url).not.toMatch(/["<>#\n]/);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(
      "<svg id='a#b' x='50%'> <g/></svg>",
    );
  });

  it("stops the build when the page has no icon link to replace", () => {
    const dir = mkdtempSync(join(tmpdir(), "icon-"));
    writeFileSync(join(dir, "i.svg"), "<svg/>");
    expect(() => transform(inlineIcon(join(dir, "i.svg")), "<head></head>")).toThrow(/icon link/);
  });
});
