import { z } from "../platform/zod";
import { TRACE_METHODS } from "./methods";
import { NODEREAL_DEFAULTS, type Connection } from "./presets";

/**
 * What may be kept on this device. The API key is only written when the user ticked
 * "Remember on this device"; otherwise it lives in memory and is gone with the tab.
 */
export const storedSettingsSchema = z.object({
  kind: z.enum(["devnet", "nodereal", "custom"]),
  rememberKey: z._default(z.boolean(), false),
  apiKey: z.optional(z.string()),
  rollupNitroSegment: z._default(z.string(), NODEREAL_DEFAULTS.rollupNitroSegment),
  rollupSegment: z._default(z.string(), NODEREAL_DEFAULTS.rollupSegment),
  traceNetwork: z._default(z.string(), NODEREAL_DEFAULTS.traceNetwork),
  customUrl: z._default(z.string(), ""),
  traceMethod: z._default(z.enum(TRACE_METHODS), "debug_traceTransaction"),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

export interface ConnectionSettings {
  kind: Connection["kind"];
  apiKey: string;
  rememberKey: boolean;
  rollupNitroSegment: string;
  rollupSegment: string;
  traceNetwork: string;
  customUrl: string;
  traceMethod: (typeof TRACE_METHODS)[number];
}

export const DEFAULT_SETTINGS: ConnectionSettings = {
  kind: "devnet",
  apiKey: "",
  rememberKey: false,
  ...NODEREAL_DEFAULTS,
  customUrl: "",
  traceMethod: "debug_traceTransaction",
};

export function toStored(settings: ConnectionSettings): StoredSettings {
  const { apiKey, ...rest } = settings;
  return settings.rememberKey && apiKey ? { ...rest, apiKey } : rest;
}

export function fromStored(json: string | null): ConnectionSettings {
  if (!json) return DEFAULT_SETTINGS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return DEFAULT_SETTINGS;
  }
  const parsed = storedSettingsSchema.safeParse(raw);
  if (!parsed.success) return DEFAULT_SETTINGS;
  const { apiKey, ...rest } = parsed.data;
  return { ...rest, apiKey: rest.rememberKey ? (apiKey ?? "") : "" };
}

export function toConnection(
  settings: ConnectionSettings,
  devnet: Extract<Connection, { kind: "devnet" }>["devnet"],
): Connection {
  switch (settings.kind) {
    case "devnet":
      return { kind: "devnet", devnet };
    case "nodereal":
      return {
        kind: "nodereal",
        apiKey: settings.apiKey,
        rollupNitroSegment: settings.rollupNitroSegment,
        rollupSegment: settings.rollupSegment,
        traceNetwork: settings.traceNetwork,
      };
    case "custom":
      return { kind: "custom", url: settings.customUrl, traceMethod: settings.traceMethod };
  }
}
