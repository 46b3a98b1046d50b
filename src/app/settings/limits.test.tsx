// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRpcClient, ResponseTooLargeError } from "../../rpc";
import { adviceFor } from "../../advice/advice";
import {
  deviceDefaultMB,
  getResponseLimit,
  MB,
  resetResponseLimitCache,
  RESPONSE_LIMIT_KEY,
  responseLimitBytes,
  setResponseLimitMB,
} from "./limits";
import { ResponseLimit } from "./ResponseLimit";

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetResponseLimitCache();
});

describe("the response size limit's default", () => {
  it("is sized to the device's memory, never below 50 MB, 256 MB when the browser does not say", () => {
    expect(deviceDefaultMB(8)).toBe(512);
    expect(deviceDefaultMB(4)).toBe(256);
    expect(deviceDefaultMB(1)).toBe(64);
    expect(deviceDefaultMB(0.25)).toBe(50);
    expect(deviceDefaultMB(64)).toBe(1024);
    expect(deviceDefaultMB(undefined)).toBe(256);
    // jsdom has no navigator.deviceMemory
    expect(getResponseLimit()).toEqual({ mb: 256, defaultMB: 256, custom: false });
  });
});

describe("the setting", () => {
  it("is kept on this device, clamped, and read back after a reload", () => {
    setResponseLimitMB(20);
    expect(localStorage.getItem(RESPONSE_LIMIT_KEY)).toBe("50");
    setResponseLimitMB(300);
    resetResponseLimitCache(); // a reload
    expect(getResponseLimit()).toEqual({ mb: 300, defaultMB: 256, custom: true });
    expect(responseLimitBytes()).toBe(300 * MB);
    setResponseLimitMB(null);
    expect(localStorage.getItem(RESPONSE_LIMIT_KEY)).toBeNull();
    expect(getResponseLimit().custom).toBe(false);
  });

  it("is edited in its Settings section", () => {
    render(<ResponseLimit />);
    const input = screen.getByLabelText("Largest answer read (MB)");
    expect((input as HTMLInputElement).value).toBe("256");
    fireEvent.change(input, { target: { value: "abc" } });
    expect(screen.getByRole("alert").textContent).toMatch(/whole number of MB/);
    fireEvent.change(input, { target: { value: "5000" } });
    expect(screen.getByRole("alert").textContent).toMatch(/Between 50 and 2,048 MB/);
    fireEvent.change(input, { target: { value: "400" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("status").textContent).toMatch(/answers up to 400 MB are read/);
    expect(responseLimitBytes()).toBe(400 * MB);
    fireEvent.click(screen.getByRole("button", { name: "Use the default" }));
    expect(responseLimitBytes()).toBe(256 * MB);
  });
});

describe("the client reads it at each request", () => {
  let server: Server;
  let url = "";
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Announces a 60 MB answer (about 100,000 logs) and sends only its start.
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, {
          "Content-Type": "application/json",
          "Content-Length": String(60 * 1000 * 1000),
        });
        res.write('{"jsonrpc":"2.0","id":1,"result":[', () => res.destroy());
      });
    });
    server.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("refuses over the limit, names the setting, and lets a raised limit through", async () => {
    const client = createRpcClient({
      maxResponseBytes: responseLimitBytes,
      fetch: globalThis.fetch,
    });
    setResponseLimitMB(50);
    const refused = await client
      .request({ url }, "eth_getLogs", [{}], { retry: false })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ResponseTooLargeError);
    expect((refused as ResponseTooLargeError).limitBytes).toBe(50 * MB);
    expect(adviceFor(refused)).toMatch(/Settings → “Response size limit” \(now 50\.0 MB\)/);
    setResponseLimitMB(64);
    const next = await client
      .request({ url }, "eth_getLogs", [{}], { retry: false })
      .catch((e: unknown) => e);
    expect(next).not.toBeInstanceOf(ResponseTooLargeError);
  });
});
