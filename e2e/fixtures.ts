import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  test as base,
  expect,
  type Locator,
  type Page,
  type Route,
  type TestInfo,
} from "@playwright/test";
import { z } from "../src/platform/zod";
import { CHAIN_WRITES, holdChain } from "./chainLock";
import {
  devnetManifestSchema,
  exampleCallSchema,
  exampleTransactionSchema,
} from "../src/connection/manifest";

export { expect };

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const E2E_MANIFEST =
  process.env.NODESCOPE_E2E_MANIFEST ??
  resolve(root, `.devnet/e2e-devnet${process.env.NODESCOPE_E2E_TAG ?? ""}.json`);

/** A scenario transaction: the app's example shape plus what the devnet always records of it. */
const scenarioTx = z.extend(exampleTransactionSchema, {
  type: z.string(),
  status: z.enum(["success", "reverted"]),
  /** callTracer frames */
  frames: z.number(),
});

/** A scenario call: the app's example shape, every field present, plus what a spec checks. */
const scenarioCall = z.extend(exampleCallSchema, {
  from: z.string(),
  to: z.string(),
  data: z.string(),
  value: z.string(),
  panicCode: z.optional(z.string()),
  /** the custom error's signature (customErrorCall) */
  error: z.optional(z.string()),
  args: z.optional(z.array(z.string())),
});

const app = devnetManifestSchema.shape;

/**
 * The e2e devnet's manifest: the schema the app reads it with, tightened to what the devnet
 * always writes (the scenarios the specs replay, by name). Parsed, not cast, so a devnet that
 * changes shape fails here with the field named rather than deep inside a spec.
 */
export const e2eManifestSchema = z.extend(devnetManifestSchema, {
  readyMs: z.number(),
  latestBlock: z.number(),
  transactions: z.catchall(
    z.object({
      legacyTransfer: scenarioTx,
      dynamicFeeTransfer: scenarioTx,
      accessListTransfer: scenarioTx,
      contractCreation: scenarioTx,
      nestedCalls: scenarioTx,
      innerRevert: scenarioTx,
      customError: scenarioTx,
      panic: scenarioTx,
      innerOutOfGas: scenarioTx,
      largeTrace: scenarioTx,
      xss: scenarioTx,
      tokenTransfer: scenarioTx,
      /** one trace through Router → Vault, Proxy → CounterV1, Mystery and the collision */
      decoding: scenarioTx,
      decodingVault: scenarioTx,
      decodingProxy: scenarioTx,
      decodingMystery: scenarioTx,
      decodingCollision: scenarioTx,
    }),
    scenarioTx,
  ),
  decoding: z.extend(app.decoding.def.innerType, {
    collision: z.extend(app.decoding.def.innerType.shape.collision, {
      /** the bytes the collision calls pass */
      keys: z.string(),
    }),
    /** the arguments the decoding transactions were sent with (amount, bump, nonce in decimal) */
    values: z.object({
      beneficiary: z.string(),
      amount: z.string(),
      memo: z.string(),
      bump: z.string(),
      nonce: z.string(),
    }),
  }),
  // at least one block: [first, ...rest]
  blocks: z.tuple([app.blocks.def.innerType.def.element], app.blocks.def.innerType.def.element),
  token: z.extend(app.token.def.innerType, {
    transferCount: z.number(),
    denseRange: z.tuple([z.number(), z.number()]),
  }),
  calls: z.catchall(
    z.object({
      transfer: z.extend(scenarioCall, { estimate: z.string() }),
      revertingCall: z.extend(scenarioCall, { reason: z.string() }),
      panicCall: scenarioCall,
      customErrorCall: scenarioCall,
      xssCall: z.optional(z.extend(scenarioCall, { reason: z.string() })),
    }),
    scenarioCall,
  ),
});
export type E2eManifest = z.infer<typeof e2eManifestSchema>;

/** One JSON-RPC request the gateway received (batches give one entry per element). */
export interface GatewayLogEntry {
  time: string;
  /** the request path, key masked */
  path: string;
  host?: string;
  /** `node`: the keyless `/node/<mode>/` endpoints (manifest.nodes) */
  endpoint: "rollupNitro" | "rollup" | "trace" | "node";
  network?: string;
  /** masked: `••••` + last 4 characters (fault keys as they are) */
  key: string;
  fault?: string;
  id?: unknown;
  /** absent when the element had no string method (invalid request, parse error) */
  method?: string;
  params: unknown;
}

/** One request to the devnet's signature database (`/sigdb…`) or Sourcify (`/sourcify…`) stand-in. */
export interface ServiceLogEntry {
  time: string;
  service: "sigdb" | "sourcify";
  /** e.g. `/sigdb/signature-database/v1/lookup`, `/sourcify-down/v2/contract/31337/0x…` */
  path: string;
  /** the query string without `?` */
  query: string;
  /** `down`, `garbage` or `slow-<ms>` when the path asked for one */
  fault?: string;
}

/**
 * The header every request of a test's browser context carries (devnet/gateway/requestLog.mjs
 * TEST_HEADER): the gateway files the request under that test, so tests running in parallel on
 * one devnet each see only their own requests.
 */
const TEST_HEADER = "x-nodescope-test";

/** What a test attempt's requests are filed under (a retry starts with an empty log). */
function testTag(info: TestInfo): string {
  return `${info.testId}.${info.retry}.${info.repeatEachIndex}`;
}

export interface Gateway {
  /** the gateway's base URL */
  baseUrl: string;
  /** an absolute URL on the gateway, e.g. url("/fault-503/rollup-nitro/") */
  url(path: string): string;
  /** every JSON-RPC request this test's page sent since the last clearLog() */
  log(): Promise<GatewayLogEntry[]>;
  /** every signature database / Sourcify request this test's page sent since the last clearLog() */
  serviceLog(): Promise<ServiceLogEntry[]>;
  /** clears this test's request log (and its flaky-503 counters) */
  clearLog(): Promise<void>;
  /** the headers a request sent from outside the page needs to be filed under this test */
  headers: Record<string, string>;
}

export interface ConsoleErrors {
  /** what was collected so far ("console.error: …" / "pageerror: …") */
  readonly messages: string[];
  /** tolerates matching messages for the rest of this test */
  allow(pattern: string | RegExp): void;
}

export function readManifest(file = E2E_MANIFEST): E2eManifest {
  return e2eManifestSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

type Options = {
  /**
   * Console errors a test tolerates (substring or RegExp). By default only the browser's own
   * "Failed to load resource" lines (HTTP errors the app is meant to handle, e.g. fault modes).
   * Override per file/describe with test.use({ allowedConsoleErrors: [...] }).
   */
  allowedConsoleErrors: (string | RegExp)[];
};

/** The public services' hosts (signature databases, Sourcify). */
const PUBLIC_SERVICES =
  /^https:\/\/([a-z0-9-]+\.)*(sourcify\.dev|openchain\.xyz|4byte\.directory)\//;

type Fixtures = {
  /** holds the chain for the test: shared, or alone for a test tagged CHAIN_WRITES (chainLock.ts) */
  chain: void;
  noPublicServices: void;
  manifest: E2eManifest;
  gateway: Gateway;
  /** collects console errors and page errors; fails the test on ones not allowed */
  consoleErrors: ConsoleErrors;
};

export const test = base.extend<Options & Fixtures>({
  allowedConsoleErrors: [[/^console\.error: Failed to load resource:/], { option: true }],

  chain: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, testInfo) => {
      const since = Date.now();
      const writes = testInfo.tags.includes(CHAIN_WRITES);
      const release = await holdChain(E2E_MANIFEST, testTag(testInfo), writes);
      // waiting for the others is not the test's own time
      if (testInfo.timeout > 0) testInfo.setTimeout(testInfo.timeout + (Date.now() - since));
      try {
        await provide();
      } finally {
        release();
      }
    },
    { auto: true },
  ],

  // eslint-disable-next-line no-empty-pattern
  manifest: async ({}, provide) => {
    await provide(readManifest());
  },

  // Every request the test's pages send (the trace Worker's too) names the test: see TEST_HEADER.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    await provide({ [TEST_HEADER]: testTag(testInfo) });
  },

  gateway: async ({ manifest }, provide, testInfo) => {
    const baseUrl = manifest.gatewayUrl;
    const tag = testTag(testInfo);
    const logUrl = `${baseUrl}/__log?test=${encodeURIComponent(tag)}`;
    const readLog = async () => {
      const res = await fetch(logUrl, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`GET /__log: HTTP ${res.status}`);
      return (await res.json()) as (GatewayLogEntry | ServiceLogEntry)[];
    };
    const gateway: Gateway = {
      baseUrl,
      url: (path) => `${baseUrl}${path.startsWith("/") ? "" : "/"}${path}`,
      headers: { [TEST_HEADER]: tag },
      async log() {
        return (await readLog()).filter((e): e is GatewayLogEntry => !("service" in e));
      },
      async serviceLog() {
        return (await readLog()).filter((e): e is ServiceLogEntry => "service" in e);
      },
      async clearLog() {
        const res = await fetch(logUrl, {
          method: "DELETE",
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`DELETE /__log: HTTP ${res.status}`);
      },
    };
    await provide(gateway);
  },

  // Tests never reach the internet: the public decoding services are refused (the app then
  // degrades quietly), and a test whose page tried to reach one fails, naming the URL.
  noPublicServices: [
    async ({ page }, provide, testInfo) => {
      const reached: string[] = [];
      await page.route(PUBLIC_SERVICES, (route) => {
        reached.push(route.request().url());
        return route.abort("blockedbyclient");
      });
      await provide();
      if (testInfo.status === testInfo.expectedStatus)
        expect(reached, "requests to public services (the devnet serves stand-ins)").toEqual([]);
    },
    { auto: true },
  ],

  consoleErrors: [
    async ({ page, allowedConsoleErrors }, provide, testInfo) => {
      const messages: string[] = [];
      const extra: (string | RegExp)[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") messages.push(`console.error: ${msg.text()}`);
      });
      page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));
      await provide({
        messages,
        allow: (pattern) => {
          extra.push(pattern);
        },
      });
      const allowed = [...allowedConsoleErrors, ...extra];
      const unexpected = messages.filter(
        (m) => !allowed.some((p) => (typeof p === "string" ? m.includes(p) : p.test(m))),
      );
      // only judge tests that otherwise passed, so the first failure stays the reported one
      if (testInfo.status === testInfo.expectedStatus)
        expect(unexpected, "unexpected console errors or page errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** The header's tabs and the heading each page carries (what it shows, in people's words). */
export const METHOD_TABS = [
  ["Transaction", "Transaction"],
  ["Block", "Block"],
  ["Address", "Address"],
  ["Logs", "Logs"],
  ["Trace", "Trace"],
  ["Gas estimate", "Gas estimate"],
  ["Dry run", "Dry run"],
] as const;

/**
 * Waits until the app has taken the place of what a deep link painted before React
 * (src/app/firstPaint): a row measured during the swap is detached under the measuring, and its
 * box reads null. Measure after this.
 */
export async function firstPaintGone(page: Page): Promise<void> {
  await expect(page.locator("[data-first-paint]")).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Holds every JSON-RPC request of `method` the page sends from now on (anything else goes through)
 * until the returned function is called, which lets them through: a test sees the page while it
 * waits for that answer, then what its answer changes.
 */
export async function holdMethod(page: Page, method: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route("**/*", async (route) => {
    const body = route.request().postData() ?? "";
    if (route.request().method() === "POST" && body.includes(`"${method}"`)) held.push(route);
    else await route.fallback();
  });
  return async () => {
    await page.unroute("**/*");
    for (const r of held) await r.continue();
  };
}

/**
 * `&sourcify=…&sigdb=…`: a link's decoding services set to the devnet's stand-ins. A link with its
 * own `rpc=` is not the devnet connection, so without these it would decode through the public
 * services (and a late Sourcify answer would send a signature lookup there).
 */
export function standInServices(m: E2eManifest): string {
  const e = encodeURIComponent;
  return `&sourcify=${e(m.decoding.sourcify)}&sigdb=${e(m.decoding.sigdb)}`;
}

/** Opens a page's tab from the header navigation and waits for its heading. */
export async function openMethodTab(page: Page, tab: string, heading: string): Promise<void> {
  await page.getByRole("navigation", { name: "Methods" }).getByRole("link", { name: tab }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/**
 * Flings through a long virtualised list the way a dragged scrollbar thumb does: a jump of many
 * screens every frame, until a row drawn light (data-light) is on screen (at most 40 frames).
 * Returns that row's text, or null when none came.
 */
export async function fling(scroller: Locator): Promise<string | null> {
  return scroller.evaluate(async (el) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const max = el.scrollHeight - el.clientHeight;
    for (let i = 0; i < 40; i++) {
      el.scrollTop = i % 2 ? max * 0.8 - i * 50 : max * 0.2 + i * 50;
      await frame();
      const light = el.querySelector("[data-light]");
      if (light) return light.textContent;
    }
    return null;
  });
}
