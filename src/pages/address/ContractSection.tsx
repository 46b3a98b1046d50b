/**
 * A contract's part of the address page: its verified name, proxy → implementation, creator and
 * creation transaction, source files (as text), Read and Storage.
 */
import { useQuery } from "@tanstack/react-query";
import type { SourceBundle } from "../../chain/sources";
import type { ResolvedEndpoint } from "../../endpoints";
import { useRpc } from "../../connection/context";
import { href } from "../../routing/links";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { Address, Card } from "../../ui";
import { creatorQueryOptions } from "./creator";
import { ReadSection, readFunctions } from "./ReadSection";
import { StorageSection } from "./StorageSection";
import { useContract } from "./useContract";

const DL = "grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]";
const DT = "text-sm text-slate-600 dark:text-slate-400";
const DD = "min-w-0 text-sm";

export function ContractSection({
  endpoint,
  address,
  blockHex,
  head,
}: {
  endpoint: ResolvedEndpoint;
  address: string;
  blockHex: string;
  head: bigint;
}) {
  const { client } = useRpc();
  const info = useContract(endpoint, address);
  const creator = useQuery(creatorQueryOptions(client, endpoint, address, head));
  const implAddress = info.proxy?.implementation ?? null;
  const functions = readFunctions(info.implementation?.abi, info.verified?.abi);
  const name = info.verified?.name ?? info.bundle?.name ?? null;
  return (
    <Card title="Contract">
      <div className="flex flex-col gap-4">
        <dl className={DL}>
          <dt className={DT}>Verified name</dt>
          <dd className={DD}>
            {name ? (
              <span className="font-semibold">{name}</span>
            ) : info.verified === null ? (
              "not verified on Sourcify"
            ) : info.pending ? (
              <span role="status">Asking Sourcify…</span>
            ) : (
              "unknown"
            )}
            {info.verified?.match ? (
              <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">
                ({info.verified.match.replace("_", " ")})
              </span>
            ) : null}
          </dd>
          {info.proxy ? (
            <>
              <dt className={DT}>Proxy → implementation</dt>
              <dd className={DD}>
                <span className="mr-1 text-xs">{info.proxy.kind}</span>
                {implAddress ? (
                  <Address value={implAddress} href={href("address", { address: implAddress })} />
                ) : (
                  "implementation not found"
                )}
                {info.implementation?.name ? (
                  <span className="ml-1 font-semibold">{info.implementation.name}</span>
                ) : null}
              </dd>
            </>
          ) : null}
          <dt className={DT}>Creator</dt>
          <dd className={DD}>
            {creator.isPending ? <span role="status">Finding the creator…</span> : null}
            {creator.isError ? (
              <RpcErrorPanel error={creator.error} title="Finding the creator failed" />
            ) : null}
            {creator.data ? (
              <span className="flex flex-col gap-1">
                {creator.data.kind === "found" ? (
                  <>
                    <Address
                      value={creator.data.creator}
                      label="Copy creator address"
                      href={href("address", { address: creator.data.creator })}
                    />
                    <span>
                      in transaction{" "}
                      <a className="underline" href={href("tx", { hash: creator.data.hash })}>
                        <span className="break-all font-mono">{creator.data.hash}</span>
                      </a>
                      {creator.data.block !== null
                        ? ` (block ${creator.data.block.toString()})`
                        : ""}
                    </span>
                  </>
                ) : creator.data.kind === "in-block" ? (
                  <span>
                    created in block {creator.data.block.toString()} by a contract (no transaction
                    of that block deploys it directly)
                  </span>
                ) : creator.data.kind === "no-history" ? null : (
                  <span>unknown</span>
                )}
                <span
                  className={
                    creator.data.kind === "no-history"
                      ? ""
                      : "text-xs text-slate-600 dark:text-slate-400"
                  }
                >
                  {creator.data.how}.
                </span>
              </span>
            ) : null}
          </dd>
        </dl>
        {info.notes.map((n) => (
          <p key={n} className="text-xs text-slate-600 dark:text-slate-400">
            {n}
          </p>
        ))}
        <SourceFiles bundle={info.bundle} title={name ?? "this contract"} />
        {info.implementationBundle ? (
          <SourceFiles
            bundle={info.implementationBundle}
            title={`the implementation ${info.implementationBundle.name ?? ""}`}
          />
        ) : null}
        {functions.length > 0 ? (
          <ReadSection
            endpoint={endpoint}
            to={address}
            blockHex={blockHex}
            functions={functions}
            abiOf={
              info.implementation?.abi
                ? `the implementation's verified ABI (${info.implementation.name ?? implAddress ?? ""})`
                : "the verified ABI"
            }
          />
        ) : null}
        <StorageSection
          endpoint={endpoint}
          address={address}
          blockHex={blockHex}
          layout={info.layout}
          layoutPending={info.pending}
        />
      </div>
    </Card>
  );
}

/** Verified source files, as text only; each file folded until opened. */
function SourceFiles({ bundle, title }: { bundle: SourceBundle | null; title: string }) {
  if (!bundle || bundle.sources.length === 0) return null;
  return (
    <section aria-label={`Source of ${title}`} className="flex flex-col gap-1">
      <h3 className="text-base font-semibold">Source of {title}</h3>
      {bundle.compilerVersion ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {bundle.compilerVersion}
          {bundle.fullyQualifiedName ? ` · ${bundle.fullyQualifiedName}` : ""}
        </p>
      ) : null}
      {bundle.sources.map((f) => (
        <details key={f.path} className="rounded border border-slate-200 dark:border-slate-700">
          <summary className="cursor-pointer px-2 py-1 font-mono text-xs break-all">
            {f.path}
          </summary>
          <pre className="max-h-96 overflow-auto p-2 text-xs" tabIndex={0}>
            {f.content}
          </pre>
        </details>
      ))}
    </section>
  );
}
