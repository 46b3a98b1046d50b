// @vitest-environment node
/**
 * What a deep link's first request waits for: every module the boot module and the pages' early
 * modules import statically must load before it can leave (main.tsx asks for them in one wave). zod
 * (95 KB), React and viem's hashing kept out of that graph are what brought the card's and 50
 * logs' first paint sooner (bench/STARTUP.md, eighth round); this fails the day an import brings
 * one back.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import {
  BOOT_CHUNK,
  earlyChunkOf,
  PAINT_CHUNK,
  PAINT_LOGS_CHUNK,
  PAINT_TX_CHUNK,
} from "../../scripts/vite/chunks";

const ROOT = normalize(join(__dirname, "..", ".."));
/** Static value imports: `import … from "x"` and `export … from "x"`, not `import type`. */
const STATIC = /^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']/gm;
const BARE = /^import\s+["']([^"']+)["']/gm;

function resolve(from: string, spec: string): string | null {
  const base = normalize(join(dirname(from), spec));
  const isFile = (p: string) => statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  return ["", ".ts", ".tsx", "/index.ts"].map((e) => base + e).find(isFile) ?? null;
}

/** The packages and source files reached from `entries` through static imports. */
function staticGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((e) => join(ROOT, e));
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of [...text.matchAll(STATIC), ...text.matchAll(BARE)]) {
      const spec = m[1] ?? "";
      if (!spec.startsWith(".")) packages.add(spec.split("/")[0] ?? spec);
      else {
        const hit = resolve(file, spec);
        if (hit) queue.push(hit);
      }
    }
  }
  return { files, packages };
}

/** None of `packages` is in `graph`. */
function expectNoPackages(graph: { packages: Set<string> }, packages: readonly string[]): void {
  for (const name of packages) expect(graph.packages.has(name), name).toBe(false);
}

describe("the boot path's static graph", () => {
  const graph = staticGraph([
    "src/app/boot.ts",
    "src/pages/tx/early.ts",
    "src/pages/logs/early.ts",
    "src/pages/block/early.ts",
  ]);

  it("reaches neither zod, React nor viem (its hashing: an address's checksum)", () => {
    expectNoPackages(graph, ["viem", "zod", "react", "react-dom"]);
  });

  it("is followed through the files it names (the walk itself works)", () => {
    const names = [...graph.files].map((f) => f.slice(ROOT.length + 1));
    expect(names).toEqual(
      expect.arrayContaining([
        "src/rpc/transport.ts",
        "src/pages/tx/params.ts",
        "src/chain/hex.ts",
      ]),
    );
  });

  it("would see zod where a form's schema is imported, viem where an address is checked", () => {
    expect(staticGraph(["src/pages/tx/formSchema.ts"]).packages.has("zod")).toBe(true);
    expect(staticGraph(["src/chain/address.ts"]).packages.has("viem")).toBe(true);
  });
});

describe("the first paint's painters' static graph", () => {
  // What a logs, transaction or trace link's first rows wait for once the answer is in: viem's
  // hashing (an address's checksum) left out of it took a 12 KB chunk off their path
  // (bench/STARTUP.md, eleventh round).
  const graph = staticGraph([
    "src/app/firstPaint/logs.ts",
    "src/app/firstPaint/tx.ts",
    "src/app/firstPaint/trace.ts",
  ]);

  it("reaches neither zod, React nor viem", () => {
    expectNoPackages(graph, ["viem", "zod", "react"]);
  });

  it("writes short hex without the checksum's module", () => {
    const names = [...graph.files].map((f) => f.slice(ROOT.length + 1));
    expect(names).toContain("src/ui/basics/shortHex.ts");
    expect(names).not.toContain("src/ui/basics/hexText.ts");
  });
});

describe("a deep link's first rows in one wave of requests", () => {
  // Over HTTP/1.1 a page has six connections to its host: every chunk the first rows need beyond
  // the entry's is one request of a wave they wait for. A 453-byte chunk the boot module came to
  // need and the logs painter's five small chunks held a 1,000-log range's first rows back ~22 ms
  // (bench/STARTUP.md, sixteenth round).
  const entry = staticGraph(["src/main.tsx"]).files;
  /** The chunk a source file goes to: a named group's, else (at most) one of its own. */
  const chunkOf = (file: string): string => {
    if (BOOT_CHUNK.test(file)) return "boot";
    if (PAINT_LOGS_CHUNK.test(file)) return "paint-logs";
    if (PAINT_TX_CHUNK.test(file)) return "paint-tx";
    if (PAINT_CHUNK.test(file)) return "paint";
    return earlyChunkOf(file) ?? file.slice(ROOT.length + 1);
  };
  /** The chunks beyond the entry's that `sources` need, by their static imports. */
  const chunksFor = (sources: string[]): string[] => [
    ...new Set(
      [...staticGraph(sources).files]
        .filter((f) => !entry.has(f) && !/\.css$/.test(f))
        .map(chunkOf),
    ),
  ];

  it("a logs link: the boot module, its early module, its painter and the painters' shared pieces", () => {
    const chunks = chunksFor([
      "src/app/boot.ts",
      "src/pages/logs/early.ts",
      "src/app/firstPaint/logs.ts",
    ]);
    expect(chunks.sort()).toEqual(["boot", "early-logs", "paint", "paint-logs"]);
  });

  it("a trace link: its painter alone (the Worker sends the request)", () => {
    expect(chunksFor(["src/app/firstPaint/trace.ts"])).toEqual(["paint"]);
  });

  it("a transaction link: the boot module, its early module and the painter", () => {
    const chunks = chunksFor([
      "src/app/boot.ts",
      "src/pages/tx/early.ts",
      "src/app/firstPaint/tx.ts",
    ]);
    expect(chunks.sort()).toEqual(["boot", "early-tx", "paint-tx"]);
  });

  it("takes nothing out of the entry (a grouped file there would make every visit wait for its chunk)", () => {
    const grouped = [...entry].filter((f) => chunkOf(f) !== f.slice(ROOT.length + 1));
    expect(grouped.map((f) => f.slice(ROOT.length + 1))).toEqual([]);
  });

  it("would see a file outside the groups as a chunk of its own", () => {
    expect(chunksFor(["src/platform/schedule.ts"])).toEqual(["boot"]);
    expect(chunksFor(["src/logs/lightText.ts"]).sort()).toEqual(["paint", "paint-logs"]);
  });
});
