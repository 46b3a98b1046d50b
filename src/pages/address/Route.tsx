/**
 * The address route: the address page with the address's activity (the log scanner's transfers,
 * src/logs/activity) in its Activity section. The activity is its own chunk, asked for only once
 * the page knows the account.
 */
import { lazy, Suspense, useCallback } from "react";
import { isAddress } from "viem";
import AddressPage, { type AccountRef } from "./Page";
import type { MethodPageProps } from "../../routing/page";

const AddressActivity = lazy(() => import("../../logs/activity"));

export default function AddressRoute(props: MethodPageProps) {
  const fromBlock = props.search.get("fromBlock") ?? undefined;
  const toBlock = props.search.get("toBlock") ?? undefined;
  const activity = useCallback(
    (account: AccountRef) =>
      isAddress(account.address, { strict: false }) ? (
        <Suspense fallback={<p role="status">Loading the activity…</p>}>
          <AddressActivity
            key={account.address.toLowerCase()}
            address={account.address}
            fromBlock={fromBlock}
            toBlock={toBlock}
          />
        </Suspense>
      ) : null,
    [fromBlock, toBlock],
  );
  return <AddressPage {...props} activity={activity} />;
}
