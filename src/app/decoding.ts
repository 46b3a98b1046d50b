/**
 * The app's side of decoding: which service URLs are in effect for this tab, the one resolver
 * (asking the services through the device cache), and how addresses are named.
 */
import { useMemo, useState } from "react";
import { z } from "../platform/zod";
import type { DecodingCache, DecodingResolver } from "../chain";
import type { DecodingContextValue, Resolver } from "../decoding/context";
import {
  decodingOverride,
  decodingSettings,
  effectiveBases,
  readTabOverride,
  type ServiceId,
} from "../decoding/settings";
import { contractLabels, setLabel, userLabels } from "../decoding/labels";
import type { DevnetManifest } from "../connection/manifest";
import { useStore } from "../ui/store";
import type { AddressNamer } from "../ui";

interface Loaded {
  cache: DecodingCache;
  resolver: DecodingResolver;
}
let loaded: Promise<Loaded> | null = null;

// The resolver and its device cache load when a view first asks the services (or the cache is
// cleared): a first visit that decodes nothing does not download them.
function load(): Promise<Loaded> {
  if (!loaded) {
    const p = import("../chain/sources").then(({ DecodingResolver, openDecodingCache }) => {
      const cache = openDecodingCache();
      return { cache, resolver: new DecodingResolver({ cache }) };
    });
    p.catch(() => (loaded = null)); // a failed download is tried again on the next ask
    loaded = p;
  }
  return loaded;
}

/** The one resolver of the app (asking the services through the device cache). */
export const resolver: Resolver = {
  resolve: (req, signal) => load().then((l) => l.resolver.resolve(req, signal)),
  bundles: (req, signal) => load().then((l) => l.resolver.bundles(req, signal)),
};

/** Forgets every answer kept on the device (the next view asks the services again). */
export function clearDecodingCache(): Promise<void> {
  return load().then((l) => l.cache.clear());
}

const devnetServicesSchema = z.looseObject({
  sigdb: z.optional(z.string()),
  sourcify: z.optional(z.string()),
  solc: z.optional(z.string()),
});

/** The devnet's stand-ins for the two services, when its manifest names them. */
export function devnetBasesOf(
  manifest: DevnetManifest | null,
): Partial<Record<ServiceId | "solc", string>> | null {
  const parsed = devnetServicesSchema.safeParse(manifest?.decoding);
  if (!parsed.success) return null;
  const out: Partial<Record<ServiceId | "solc", string>> = {};
  if (parsed.data.sigdb) out.sigdb = parsed.data.sigdb;
  if (parsed.data.sourcify) out.sourcify = parsed.data.sourcify;
  if (parsed.data.solc) out.solc = parsed.data.solc;
  return out;
}

/** True when `url` is the devnet's gateway or its anvil (a link may point a tab at either). */
export function onDevnet(url: string, manifest: DevnetManifest): boolean {
  try {
    const origin = new URL(url).origin;
    return [manifest.gatewayUrl, manifest.anvilUrl].some((u) => {
      try {
        return new URL(u).origin === origin;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

export function useDecodingSetup(initialSearch: URLSearchParams, devnet: DevnetManifest | null) {
  // A link's sigdb= / sourcify= / solc= hold for this tab (sessionStorage), over the saved choice.
  useState(() => {
    const fromLink = readTabOverride(initialSearch);
    if (Object.keys(fromLink).length > 0) decodingOverride.set(fromLink);
    return null;
  });
  const saved = useStore(decodingSettings);
  const override = useStore(decodingOverride);
  const devnetBases = useMemo(() => devnetBasesOf(devnet), [devnet]);
  const bases = useMemo(
    () => effectiveBases(saved, override, devnetBases),
    [saved, override, devnetBases],
  );
  const context = useMemo<DecodingContextValue>(() => ({ bases, resolver }), [bases]);
  return { context, bases, override, devnetBases };
}

export function useAddressNamer(): AddressNamer {
  const user = useStore(userLabels);
  const contracts = useStore(contractLabels);
  return useMemo<AddressNamer>(
    () => ({
      name(address) {
        const key = address.toLowerCase();
        const mine = user[key];
        if (mine) return { text: mine, source: "user" };
        const verified = contracts[key];
        return verified ? { text: verified, source: "contract" } : null;
      },
      rename: setLabel,
    }),
    [user, contracts],
  );
}
