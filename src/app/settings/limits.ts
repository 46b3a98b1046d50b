/**
 * The response size limit: the largest JSON-RPC answer the client reads before it stops the
 * download (a runaway answer must not take the tab down). A setting, kept on this device
 * (localStorage), sized to the device by default: `navigator.deviceMemory` (GB, where the
 * browser tells) × 64 MB, else 256 MB; never below 50 MB. No React here: the client reads it per
 * request through `responseLimitBytes`, the Settings section through the `responseLimit` store.
 */
import { storedValue } from "../../platform/storage";
import type { Store } from "../../platform/store";

export const MB = 1024 * 1024;
/** The floor: 100,000 logs or a 100,000-frame trace must never be refused by default. */
export const MIN_RESPONSE_LIMIT_MB = 50;
/** The ceiling the setting accepts (a 32-bit browser cannot hold more in one string anyway). */
export const MAX_RESPONSE_LIMIT_MB = 2048;
/** Where the limit is kept (in MB, as typed); absent = the device's default. */
export const RESPONSE_LIMIT_KEY = "nodescope:responseLimitMB";
/** Without a device memory hint. */
export const FALLBACK_RESPONSE_LIMIT_MB = 256;
/** MB of answer allowed per GB of device memory. */
const MB_PER_GB = 64;
const DEVICE_CAP_MB = 1024;

/** The default for a device with `deviceMemoryGB` of memory (undefined: the browser does not say). */
export function deviceDefaultMB(deviceMemoryGB: number | undefined): number {
  if (deviceMemoryGB === undefined || !Number.isFinite(deviceMemoryGB) || deviceMemoryGB <= 0)
    return FALLBACK_RESPONSE_LIMIT_MB;
  return clampMB(Math.min(DEVICE_CAP_MB, Math.round(deviceMemoryGB * MB_PER_GB)));
}

export function clampMB(mb: number): number {
  return Math.min(MAX_RESPONSE_LIMIT_MB, Math.max(MIN_RESPONSE_LIMIT_MB, Math.round(mb)));
}

/** A typed or stored value as a limit in MB, or null when it is not one. */
export function parseLimitMB(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const t = text.trim();
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function deviceMemory(): number | undefined {
  const nav = (globalThis as { navigator?: { deviceMemory?: unknown } }).navigator;
  return typeof nav?.deviceMemory === "number" ? nav.deviceMemory : undefined;
}

/** The limit the user set, in MB as typed; null: the device default is in force. */
const storedMB = storedValue<number | null>(RESPONSE_LIMIT_KEY, parseLimitMB, (mb) =>
  mb === null ? null : String(clampMB(mb)),
);

export interface ResponseLimit {
  /** The limit in force, MB. */
  mb: number;
  /** This device's default, MB. */
  defaultMB: number;
  /** The user set it (false: the device default is in force). */
  custom: boolean;
}

/** The last limit worked out, for the stored value it came from. */
let cache: { stored: number | null; limit: ResponseLimit } | null = null;

/** The limit in force (a stable object until it changes: a useSyncExternalStore snapshot). */
export function getResponseLimit(): ResponseLimit {
  const stored = storedMB.get();
  if (cache?.stored === stored) return cache.limit;
  const defaultMB = deviceDefaultMB(deviceMemory());
  const limit =
    stored === null
      ? { mb: defaultMB, defaultMB, custom: false }
      : { mb: clampMB(stored), defaultMB, custom: true };
  cache = { stored, limit };
  return limit;
}

/** The limit as a store, for the Settings section (`useStore`); changed in another tab too. */
export const responseLimit: Pick<Store<ResponseLimit>, "get" | "subscribe"> = {
  get: getResponseLimit,
  subscribe: storedMB.subscribe,
};

/** For the JSON-RPC client: the limit in bytes, read at each request. */
export function responseLimitBytes(): number {
  return getResponseLimit().mb * MB;
}

/**
 * Sets the limit (clamped to 50–2048 MB) and keeps it on this device (or for this tab, where
 * storage is refused); null restores the default.
 */
export function setResponseLimitMB(mb: number | null): ResponseLimit {
  storedMB.set(mb === null ? null : clampMB(mb));
  return getResponseLimit();
}

/** Forgets the cached value (tests: after changing deviceMemory behind its back). */
export function resetResponseLimitCache(): void {
  cache = null;
}
