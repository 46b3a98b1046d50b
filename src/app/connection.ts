import { useCallback, useEffect, useMemo, useState } from "react";
import {
  CONNECTION_SETTINGS_KEY,
  fromStored,
  parseOverride,
  readOverride,
  RPC_OVERRIDE_KEY,
  toConnection,
  toStored,
  type Connection,
  type ConnectionSettings,
  type RpcOverride,
} from "../endpoints";
import { readStorage, writeStorage } from "../platform/storage";
import { devnetManifestSchema, type DevnetManifest } from "../connection/manifest";

const SETTINGS_KEY = CONNECTION_SETTINGS_KEY;
const OVERRIDE_KEY = RPC_OVERRIDE_KEY;

export type { RpcOverride };

export type DevnetState =
  | { status: "loading" }
  | { status: "ready"; manifest: DevnetManifest }
  | { status: "absent"; reason: string };

/** Loads `/devnet.json`, which exists while the embedded devnet runs (npm start, e2e, bench). */
export function useDevnet(): DevnetState {
  const [state, setState] = useState<DevnetState>({ status: "loading" });
  useEffect(() => {
    const ctrl = new AbortController();
    fetch("./devnet.json", { signal: ctrl.signal, cache: "no-store" })
      .then(async (res) => {
        if (!res.ok) throw new Error(`no devnet (HTTP ${res.status})`);
        const parsed = devnetManifestSchema.safeParse(await res.json());
        if (!parsed.success) throw new Error("the devnet manifest is not in the expected shape");
        setState({ status: "ready", manifest: parsed.data });
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        setState({ status: "absent", reason: e instanceof Error ? e.message : String(e) });
      });
    return () => ctrl.abort();
  }, []);
  return state;
}

export function useConnectionSettings(initialSearch: URLSearchParams) {
  const [settings, setSettingsState] = useState<ConnectionSettings>(() =>
    fromStored(readStorage("local", SETTINGS_KEY)),
  );
  const [override, setOverrideState] = useState<RpcOverride | null>(
    () => readOverride(initialSearch) ?? parseOverride(readStorage("session", OVERRIDE_KEY)),
  );

  const setSettings = useCallback((next: ConnectionSettings) => {
    setSettingsState(next);
    // Only what the user allowed is kept: the key is written only with "Remember on this device".
    writeStorage("local", SETTINGS_KEY, JSON.stringify(toStored(next)));
  }, []);

  const setOverride = useCallback((next: RpcOverride | null) => {
    setOverrideState(next);
    writeStorage("session", OVERRIDE_KEY, next ? JSON.stringify(next) : null);
  }, []);

  return { settings, setSettings, override, setOverride };
}

export function useConnection(
  settings: ConnectionSettings,
  override: RpcOverride | null,
  devnet: DevnetState,
): Connection {
  const manifest = devnet.status === "ready" ? devnet.manifest : null;
  const loading = devnet.status === "loading";
  return useMemo(() => {
    if (override) return { kind: "custom", url: override.url, traceMethod: override.traceMethod };
    const c = toConnection(settings, manifest);
    // Until /devnet.json answers, the devnet is not "not running": pages say they are waiting.
    return c.kind === "devnet" && loading ? { ...c, loading } : c;
  }, [settings, override, manifest, loading]);
}
