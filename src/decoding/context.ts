import { createContext, useContext } from "react";
import type { DecodingResolver } from "../chain";
import type { ServiceBases } from "./settings";

/** What a view needs of the resolver (the app's loads with the first ask). */
export type Resolver = Pick<DecodingResolver, "resolve"> &
  /** Sources and layouts for the storage and source views (absent in view tests). */
  Partial<Pick<DecodingResolver, "bundles">>;

export interface DecodingContextValue {
  /** Where the services are asked (null = off), as the settings, the devnet and the tab's link decide. */
  bases: ServiceBases;
  /** Asks the services through the device cache; one per app. */
  resolver: Resolver | null;
}

const OFF: DecodingContextValue = { bases: { sigdb: null, sourcify: null }, resolver: null };

export const DecodingContext = createContext<DecodingContextValue>(OFF);

/** Outside the app's provider (view tests), decoding asks no service. */
export function useDecodingContext(): DecodingContextValue {
  return useContext(DecodingContext);
}
