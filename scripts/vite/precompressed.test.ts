// The build's gzip copies and the preview server's use of them, over a real local HTTP server.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, existsSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, precompressedMiddleware, writeGzipCopies } from "./precompressed";

const dir = mkdtempSync(join(tmpdir(), "nodescope-gz-"));
const script = `export const words = ${JSON.stringify("lorem ipsum ".repeat(400))};\n`;
let server: Server;
let port = 0;

beforeAll(async () => {
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "app-abc123.js"), script);
  writeFileSync(join(dir, "assets", "tiny-abc123.js"), "export {};\n");
  writeFileSync(join(dir, "assets", "logo-abc123.png"), Buffer.alloc(4096, 1));
  writeFileSync(join(dir, "index.html"), `<!doctype html>${"<p>x</p>".repeat(400)}`);
  const middleware = precompressedMiddleware(dir);
  server = createServer((req, res) =>
    middleware(req, res, () => {
      // what the preview server's own handling would do: here, say it was reached
      res.statusCode = 404;
      res.end("passed on");
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

function get(
  path: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method, headers, timeout: 5_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed assets", () => {
  it("the build writes a gzip copy of each text asset worth compressing, and only those", async () => {
    const written = await writeGzipCopies(dir, [
      "assets/app-abc123.js",
      "assets/tiny-abc123.js",
      "assets/logo-abc123.png",
      "index.html",
    ]);
    expect(written).toEqual(["assets/app-abc123.js"]);
    const copy = readFileSync(join(dir, "assets", "app-abc123.js.gz"));
    expect(gunzipSync(copy).toString()).toBe(script);
    expect(copy.length).toBeLessThan(script.length / 10);
    expect(existsSync(join(dir, "assets", "tiny-abc123.js.gz"))).toBe(false);
    expect(existsSync(join(dir, "assets", "logo-abc123.png.gz"))).toBe(false);
    expect(existsSync(join(dir, "index.html.gz"))).toBe(false);
  });

  it("serves the copy to a browser that takes gzip, typed and cached as a hashed file", async () => {
    const res = await get("/assets/app-abc123.js?v=1", { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["cache-control"]).toMatch(/immutable/);
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString()).toBe(script);
    // the second request is answered the same (from memory)
    const again = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(again.body.equals(res.body)).toBe(true);
    const head = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("leaves everything else to the server's own handling", async () => {
    const passed = async (path: string, headers: Record<string, string>, method = "GET") =>
      (await get(path, headers, method)).body.toString();
    // no gzip, or gzip refused
    expect(await passed("/assets/app-abc123.js", {})).toBe("passed on");
    expect(await passed("/assets/app-abc123.js", { "accept-encoding": "gzip;q=0, br" })).toBe(
      "passed on",
    );
    // no copy (too small), another type, outside assets/, a path that climbs, another method
    const gz = { "accept-encoding": "gzip" };
    expect(await passed("/assets/tiny-abc123.js", gz)).toBe("passed on");
    expect(await passed("/assets/logo-abc123.png", gz)).toBe("passed on");
    expect(await passed("/index.html", gz)).toBe("passed on");
    expect(await passed("/assets/../index.html", gz)).toBe("passed on");
    expect(await passed("/assets/%2e%2e%2findex.html", gz)).toBe("passed on");
    expect(await passed("/assets/app-abc123.js", gz, "POST")).toBe("passed on");
  });

  it("reads Accept-Encoding as browsers write it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("deflate, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip(["br", "gzip"])).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("x-gzip, br")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
  });
});
