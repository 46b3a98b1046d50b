/**
 * The address route: the address page (eth_getBalance's folder) with the address's activity (the
 * log scanner's, eth_getLogs's folder) in its Activity section. Method folders do not import each
 * other, so the app puts the two together here; each stays its own chunk, and the activity's is
 * asked for only once the page knows the account.
 */
import { lazy, Suspense, useCallback } from "react";
import { isAddress } from "viem";
import type { AccountRef } from "../methods/eth_getBalance";
import type { MethodPageProps } from "../shared/page";

const AddressPage = lazy(() => import("../methods/eth_getBalance"));
const AddressActivity = lazy(() => import("../methods/eth_getLogs/activity"));

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
