/**
 * The address page, `#/address?address=…&block=…`: an account at a block (`latest` by default,
 * resolved once and named): its balance (exact, in wei and in ether), nonce and code; for a
 * contract, its verified name and source, proxy → implementation, creator, **Read** and
 * **Storage**; then the Activity the app hands in. Every read is at the resolved block NUMBER.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { formatDecimal, formatWei } from "../../chain";
import { MethodUnsupportedError } from "../../rpc";
import { useRpc } from "../../connection/context";
import type { MethodPageProps } from "../../routing/page";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import {
  Address,
  BlockLink,
  Button,
  Card,
  EndpointProblem,
  Field,
  Hash,
  PageHeader,
  Time,
} from "../../ui";
import { ContractSection } from "./ContractSection";
import { formSchema, fromSearch, toSearch, type AddressFormValues } from "./params";
import { useNativeSymbol } from "../../connection/nativeUnit";
import { accountQueryOptions, blockQueryOptions, ENDPOINT_METHOD } from "./query";

/** The account the page shows, for the Activity section the app hands in. */
export interface AccountRef {
  /** Checksummed. */
  address: string;
  /** The block the page reads at, resolved (null until it is). */
  blockNumber: bigint | null;
}

export interface AddressPageProps extends MethodPageProps {
  /** Rendered under the heading "Activity" (the app wires the activity scan here). */
  activity?: ReactNode | ((account: AccountRef) => ReactNode);
}

const DL = "grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]";
const DT = "text-sm text-slate-600 dark:text-slate-400";
const DD = "min-w-0 text-sm";

export default function AddressPage({ search, setSearch, activity }: AddressPageProps) {
  const { client, resolve } = useRpc();
  const searchString = search.toString();
  const link = useMemo(() => fromSearch(new URLSearchParams(searchString)), [searchString]);
  const resolved = resolve(ENDPOINT_METHOD);
  const endpoint = resolved.ok ? resolved.endpoint : null;
  const request = link.request;

  const form = useForm<AddressFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: link.values,
  });
  const { reset } = form;
  useEffect(() => reset(link.values), [link.values, reset]);
  const onSubmit = form.handleSubmit((values) => setSearch(toSearch(values)));

  const block = useQuery(blockQueryOptions(client, endpoint, request?.block ?? null));
  const pinned = block.data ?? null;
  const blockHex = pinned ? `0x${pinned.number.toString(16)}` : null;
  const address = request?.address ?? null;
  const symbol = useNativeSymbol(endpoint, request !== null);
  const balance = useQuery(
    accountQueryOptions(client, endpoint, "eth_getBalance", address, blockHex),
  );
  const nonce = useQuery(
    accountQueryOptions(client, endpoint, "eth_getTransactionCount", address, blockHex),
  );
  const code = useQuery(accountQueryOptions(client, endpoint, "eth_getCode", address, blockHex));
  const isContract = code.data !== undefined && code.data !== "0x";

  const activityNode =
    typeof activity === "function" && address
      ? activity({ address, blockNumber: pinned?.number ?? null })
      : typeof activity === "function"
        ? null
        : activity;

  return (
    <div className="flex flex-col gap-3">
      <PageHeader
        title="Address"
        method={resolved.ok ? "eth_getBalance, eth_getTransactionCount, eth_getCode" : null}
        target={resolved.ok ? resolved.endpoint.maskedUrl : null}
      >
        Balance, nonce and code of an account; for a contract its verified source, proxy, creator,
        view functions and storage by name.
      </PageHeader>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label="Account to show"
        className="flex flex-wrap items-end gap-2"
      >
        <Field
          label="Address"
          className="min-w-0 flex-1 basis-80"
          placeholder="0x…"
          error={form.formState.errors.address?.message}
          {...form.register("address")}
        />
        <Field
          label="Block"
          className="w-40"
          placeholder="latest"
          hint="number or tag"
          error={form.formState.errors.block?.message}
          {...form.register("block")}
        />
        <Button type="submit" variant="primary">
          Show
        </Button>
      </form>
      {!resolved.ok ? <EndpointProblem problem={resolved} /> : null}
      {link.problem ? (
        <p role="alert">The link's address page cannot open: {link.problem}</p>
      ) : null}
      {request && endpoint ? (
        <>
          <Card title="Account">
            {block.isError ? (
              <RpcErrorPanel
                error={block.error}
                title="eth_getBlockByNumber failed"
                onRetry={() => void block.refetch()}
              />
            ) : null}
            {block.isSuccess && !pinned ? (
              <p role="alert">The node has no block {request.block}.</p>
            ) : null}
            <dl className={DL}>
              <dt className={DT}>Address</dt>
              <dd className={DD}>
                <Address value={request.address} />
              </dd>
              <dt className={DT}>Block</dt>
              <dd className={DD}>
                {pinned ? (
                  <span>
                    {request.block.startsWith("0x") ? "" : `${request.block} = `}block{" "}
                    <BlockLink number={pinned.number} /> <Time seconds={pinned.timestamp} />{" "}
                    <Hash value={pinned.hash} label="Copy block hash" />
                  </span>
                ) : block.isPending ? (
                  <span role="status">Resolving {request.block}…</span>
                ) : null}
              </dd>
              <dt className={DT}>Balance</dt>
              {/* Two lines (ether, wei) kept while it is asked: the rows below stay put when it comes. */}
              <dd className={`${DD} min-h-9`}>
                <Quantity
                  query={balance}
                  show={(v) => (
                    <span className="flex flex-col">
                      <span className="font-mono" data-testid="balance-ether">
                        {formatWei(BigInt(v), "ether")} {symbol}
                      </span>
                      <span className="font-mono text-xs" data-testid="balance-wei">
                        {BigInt(v).toString()} wei
                      </span>
                    </span>
                  )}
                  what="eth_getBalance"
                />
              </dd>
              <dt className={DT}>Nonce</dt>
              <dd className={DD}>
                <Quantity
                  query={nonce}
                  show={(v) => <span className="font-mono">{formatDecimal(BigInt(v))}</span>}
                  what="eth_getTransactionCount"
                />
              </dd>
              <dt className={DT}>Kind</dt>
              <dd className={DD}>
                <Quantity
                  query={code}
                  show={(v) =>
                    v === "0x" ? (
                      <span>account without code (EOA)</span>
                    ) : (
                      <span>contract ({formatDecimal((v.length - 2) / 2)} bytes of code)</span>
                    )
                  }
                  what="eth_getCode"
                />
              </dd>
            </dl>
          </Card>
          {isContract && blockHex && pinned ? (
            <ContractSection
              endpoint={endpoint}
              address={request.address}
              blockHex={blockHex}
              head={pinned.number}
            />
          ) : null}
          {activityNode !== null && activityNode !== undefined ? (
            <section aria-labelledby="activity-heading" className="flex flex-col gap-2">
              <h2 id="activity-heading" className="text-base font-semibold">
                Activity
              </h2>
              {activityNode}
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function Quantity({
  query,
  show,
  what,
}: {
  query: { data?: string; isError: boolean; error: unknown; isFetching: boolean };
  show: (value: string) => ReactNode;
  what: string;
}) {
  if (query.data !== undefined) return <>{show(query.data)}</>;
  if (query.isError)
    return (
      <>
        <RpcErrorPanel error={query.error} title={`${what} failed`} />
        {query.error instanceof MethodUnsupportedError ? (
          <p className="text-xs">
            The node does not serve {what}; the other facts on this page come from other methods and
            still show.
          </p>
        ) : null}
      </>
    );
  if (query.isFetching) return <span role="status">Asking {what}…</span>;
  return null;
}
