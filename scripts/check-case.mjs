#!/usr/bin/env node
/**
 * Refuses two tracked paths that differ only in letter case, extensions aside (`Outcome.tsx` and
 * `outcome.ts`): on a case-insensitive disk (macOS, Windows) one overwrites the other in a clone,
 * and an extensionless import resolves to whichever the disk finds. Run by `npm run lint`.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The pairs among `paths` that collide on a case-insensitive disk, as [first, second]. */
export function caseCollisions(paths) {
  const seen = new Map();
  const pairs = [];
  for (const path of paths) {
    // A directory's name collides too: compare every prefix, and the file without its extension.
    const parts = path.split("/");
    const keys = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
    keys.push(path.replace(/\.(?:[cm]?[jt]sx?|d\.ts)$/, ""));
    for (const key of new Set(keys)) {
      const folded = key.toLowerCase();
      const other = seen.get(folded);
      if (other === undefined) seen.set(folded, key);
      else if (other !== key) pairs.push([other, key]);
    }
  }
  const unique = new Map(pairs.map(([a, b]) => [[a, b].sort().join("\0"), [a, b].sort()]));
  return [...unique.values()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tracked = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  const pairs = caseCollisions(tracked);
  if (pairs.length > 0) {
    console.error("Paths that differ only in letter case (they collide on macOS and Windows):");
    for (const [a, b] of pairs) console.error(`  ${a}\n  ${b}\n`);
    process.exit(1);
  }
}
