import { createContext, useContext } from "react";
import type { RpcClient } from "../rpc";
import type { ResolveResult, RoutedMethod } from "../endpoints";
import type { DevnetManifest } from "./manifest";

export interface RpcContextValue {
  client: RpcClient;
  /** The endpoint the current connection sends `method` to, or why it cannot. */
  resolve: (method: RoutedMethod) => ResolveResult;
  /** The running devnet's manifest (examples for the forms), when the devnet is the connection. */
  devnet: DevnetManifest | null;
  /**
   * Whether the link shown names the endpoint in use itself (`rpc=`): its requests then spend no
   * key of the user's. False (or absent) for the user's own connection, and for a link endpoint
   * this tab kept from an earlier link.
   */
  linkEndpoint?: boolean;
}

export const RpcContext = createContext<RpcContextValue | null>(null);

export function useRpc(): RpcContextValue {
  const value = useContext(RpcContext);
  if (!value) throw new Error("useRpc must be used inside the app's RpcContext provider");
  return value;
}
