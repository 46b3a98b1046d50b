/**
 * The devnet manifest's schema, apart from presets.ts so the connection's pure part (resolving an
 * endpoint) loads without zod: a deep link's first request leaves before zod is in (app/boot.ts).
 */
import { z } from "../platform/zod";

/** The devnet's description of itself (`/devnet.json`, written by `npm start` and the e2e setup). */
export const devnetInfoSchema = z.looseObject({
  chainId: z.number(),
  apiKey: z.string(),
  gatewayUrl: z.string(),
  anvilUrl: z.string(),
  endpoints: z.looseObject({ rollupNitro: z.string(), rollup: z.string(), trace: z.string() }),
  /**
   * Keyless nodes of the kinds people have, to open with `rpc=`: anvil as it is, a standard node
   * (no debug_, trace_, ots_) and one without JavaScript tracers. Absent from older devnets.
   */
  nodes: z.optional(
    z.looseObject({ full: z.string(), standard: z.string(), noJsTracers: z.string() }),
  ),
});
export type DevnetInfo = z.infer<typeof devnetInfoSchema>;
