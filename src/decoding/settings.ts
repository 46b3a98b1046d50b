/**
 * Which public services decode what nothing on the device knows: the signature database
 * (OpenChain-compatible) and Sourcify. Both are on by default; each can be switched off or pointed
 * at another URL (kept on this device). A link may override them for its tab only: `sigdb=<url>`,
 * `sourcify=<url>`, or `=off` — the tab then says so in a banner, and the saved choice is left as is.
 *
 * What is sent to them: selectors, event topics, chain ids and contract addresses. Never calldata,
 * never the RPC URL or its API key.
 */
import { z } from "../platform/zod";
import {
  DEFAULT_SIGDB,
  DEFAULT_SOLC,
  DEFAULT_SOURCIFY,
  type DecodingService,
  type ServiceBases,
} from "../chain";
import { checkRpcUrl } from "../endpoints";
import { storedValue } from "../platform/storage";

export type { ServiceBases };
export type ServiceId = DecodingService;
export const SERVICE_IDS: readonly ServiceId[] = ["sigdb", "sourcify"];

export const SERVICE_NAMES: Record<ServiceId, string> = {
  sigdb: "Signature database",
  sourcify: "Sourcify",
};

/** The public default of each service (the devnet serves stand-ins and names them in its manifest). */
export const PUBLIC_BASES: Record<ServiceId, string> = {
  sigdb: DEFAULT_SIGDB,
  sourcify: DEFAULT_SOURCIFY,
};

const serviceSchema = z.object({
  enabled: z.catch(z.boolean(), true),
  /** "" = the default (the public service, or the devnet's stand-in on the devnet). */
  url: z.catch(z.string(), ""),
});
const settingsSchema = z.object({
  sigdb: z.catch(serviceSchema, { enabled: true, url: "" }),
  sourcify: z.catch(serviceSchema, { enabled: true, url: "" }),
});
export type ServiceSetting = z.infer<typeof serviceSchema>;
export type DecodingSettings = z.infer<typeof settingsSchema>;

export const DEFAULT_DECODING: DecodingSettings = {
  sigdb: { enabled: true, url: "" },
  sourcify: { enabled: true, url: "" },
};

export const DECODING_STORAGE_KEY = "nodescope.decoding";

function parseSettings(text: string | null): DecodingSettings {
  if (!text) return DEFAULT_DECODING;
  try {
    return settingsSchema.parse(JSON.parse(text));
  } catch {
    return DEFAULT_DECODING;
  }
}

export const decodingSettings = storedValue(DECODING_STORAGE_KEY, parseSettings, (v) =>
  JSON.stringify(v),
);

/**
 * A link's override for this tab: a URL, or "off". `solc` names where the compiler binaries are
 * (the debugger compiles a verified contract again for its variables), as `sourcify` names Sourcify.
 */
export type TabOverride = Partial<Record<ServiceId | "solc", string>>;
const LINK_IDS = [...SERVICE_IDS, "solc"] as const;

const overrideSchema = z.object({
  sigdb: z.optional(z.string()),
  sourcify: z.optional(z.string()),
  solc: z.optional(z.string()),
});

export const decodingOverride = storedValue<TabOverride>(
  "nodescope.decoding.override",
  (text) => {
    try {
      return text ? overrideSchema.parse(JSON.parse(text)) : {};
    } catch {
      return {};
    }
  },
  (v) => (Object.keys(v).length === 0 ? null : JSON.stringify(v)),
  "session",
);

/** A service base URL as typed: a fetchable http(s) URL, no query; trailing slashes dropped. */
export function checkServiceUrl(
  text: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const checked = checkRpcUrl(text);
  if (!checked.ok) return checked;
  const url = new URL(checked.url);
  if (url.search || url.hash)
    return { ok: false, message: "Give the base URL only, without ? or # parts" };
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, "")}` };
}

/** `sigdb=` / `sourcify=` / `solc=` in a link: "off" or a checked URL; anything else is ignored. */
export function readTabOverride(search: URLSearchParams): TabOverride {
  const out: TabOverride = {};
  for (const id of LINK_IDS) {
    const v = search.get(id);
    if (v === null) continue;
    if (v.trim().toLowerCase() === "off") out[id] = "off";
    else {
      const checked = checkServiceUrl(v);
      if (checked.ok) out[id] = checked.url;
    }
  }
  return out;
}

/**
 * The bases in effect: the tab's override first, then the saved choice (off, or a URL), then the
 * devnet's stand-in when the devnet is the connection, then the public service.
 */
export function effectiveBases(
  saved: DecodingSettings,
  override: TabOverride,
  devnetBases: Partial<Record<ServiceId | "solc", string>> | null,
): ServiceBases {
  const one = (id: ServiceId): string | null => {
    const o = override[id];
    if (o === "off") return null;
    if (o) return o;
    if (!saved[id].enabled) return null;
    if (saved[id].url) return saved[id].url;
    return devnetBases?.[id] ?? PUBLIC_BASES[id];
  };
  const solc =
    override.solc === "off" ? null : (override.solc ?? devnetBases?.solc ?? DEFAULT_SOLC);
  return { sigdb: one("sigdb"), sourcify: one("sourcify"), solc };
}
