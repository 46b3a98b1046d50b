/**
 * Checks the real-output corpus itself (not the app): every file has the wrapper format, names its
 * source and licence, is listed in the README, and the corpus spans enough clients.
 */
import { describe, expect, it } from "vitest";
import readme from "./README.md?raw";
import { corpusFileSchema, corpusFiles, corpusRawFiles } from "./index";

const raw = corpusRawFiles();

describe("real-output corpus", () => {
  it("has files", () => {
    expect(raw.length).toBeGreaterThanOrEqual(40);
  });

  it.each(raw.map((r) => [r.file, r.json] as const))("%s has the wrapper format", (file, json) => {
    const parsed = corpusFileSchema.safeParse(json);
    const problems = parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    expect(problems, file).toEqual([]);
  });

  it("every file is named <client>/<method>-<name>.json after its own fields", () => {
    for (const entry of corpusFiles()) {
      expect(entry.file.startsWith(`${entry.client}/${entry.method}-`), entry.file).toBe(true);
    }
  });

  it("every file names a source repository, path and licence", () => {
    for (const entry of corpusFiles()) {
      const { source } = entry.raw;
      expect(source.repo, entry.file).toMatch(/\//);
      expect(source.path.length, entry.file).toBeGreaterThan(0);
      expect(source.license.trim().length, entry.file).toBeGreaterThan(0);
    }
  });

  it("every file stays small", () => {
    for (const { file, json } of raw) {
      expect(JSON.stringify(json).length, file).toBeLessThan(200_000);
    }
  });

  it("every file is listed in the README", () => {
    for (const { file } of raw) expect(readme, file).toContain(`\`${file}\``);
  });

  it("spans at least five named clients", () => {
    const clients = new Set(corpusFiles().map((e) => e.client));
    clients.delete("unidentified");
    expect(clients.size).toBeGreaterThanOrEqual(5);
  });

  it("gives each entry either a result or an error, never both", () => {
    for (const entry of corpusFiles()) {
      if (entry.error !== null) {
        expect(entry.result, entry.file).toBeUndefined();
        expect(typeof entry.error.code, entry.file).toBe("number");
      } else {
        expect(entry.result, entry.file).not.toBeUndefined();
      }
    }
  });

  it("filters by client, method, tracer and outcome", () => {
    const logs = corpusFiles({ method: "eth_getLogs" });
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((e) => e.method === "eth_getLogs")).toBe(true);
    const traces = corpusFiles({ tracer: "callTracer", hasResult: true });
    expect(traces.every((e) => e.tracer === "callTracer" && e.error === null)).toBe(true);
    const errors = corpusFiles({ hasResult: false });
    expect(errors.every((e) => e.error !== null)).toBe(true);
    expect(corpusFiles({ client: ["klaytn", "besu"] }).every((e) => e.client !== "erigon")).toBe(
      true,
    );
    expect(corpusFiles((e) => e.file.startsWith("erigon/")).length).toBeGreaterThan(0);
  });
});
