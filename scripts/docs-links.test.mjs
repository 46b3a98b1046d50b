// Every relative link of the README and the guide leads to a file of the repository, and the
// README stays a door (≤ 150 lines, the two commands of the quick start).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function markdownFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? markdownFiles(join(dir, d.name))
      : d.name.endsWith(".md")
        ? [join(dir, d.name)]
        : [],
  );
}

const docs = ["README.md", ...markdownFiles("docs")];

describe("the README and the guide", () => {
  it("keeps the README short, with the quick start's two commands", () => {
    const text = readFileSync(join(root, "README.md"), "utf8");
    expect(text.split("\n").length).toBeLessThanOrEqual(150);
    expect(text).toContain("npm install && npm start");
    expect(text).toContain("npm test");
    expect(markdownFiles("docs").length).toBeGreaterThanOrEqual(3);
  });

  it("shows the quick start in its first screen, before any picture", () => {
    const lines = readFileSync(join(root, "README.md"), "utf8").split("\n");
    const start = lines.findIndex((l) => l.includes("npm install && npm start"));
    const picture = lines.findIndex((l) => l.startsWith("!["));
    expect(start).toBeGreaterThan(-1);
    expect(start).toBeLessThan(20);
    if (picture !== -1) expect(picture).toBeGreaterThan(start);
  });

  it.each(docs)("%s links only to files that exist", (file) => {
    const text = readFileSync(join(root, file), "utf8");
    const broken = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1] ?? "")
      .filter((href) => href !== "" && !/^(https?:|mailto:|#)/.test(href))
      .map((href) => join(dirname(join(root, file)), decodeURI(href.split("#")[0] ?? "")))
      .filter((path) => !existsSync(path))
      .map((path) => relative(root, path));
    expect(broken).toEqual([]);
  });
});
