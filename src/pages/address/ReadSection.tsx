/**
 * **Read**: a verified contract's view and pure functions (a proxy's through its implementation's
 * ABI), each called with `eth_call` at the page's block when asked; arguments from a form checked
 * before anything is sent (react-hook-form + zod over the call builder's per-type checks), the
 * answer decoded by the ABI's outputs. Values are text, never markup.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { decodeFunctionResult, type Abi, type AbiFunction, type Hex } from "viem";
import { z } from "../../platform/zod";
import { formatArg } from "../../chain";
import type { ResolvedEndpoint } from "../../endpoints";
import { argLabel, encodeCall, functionSignature } from "../../call/abi";
import { useRpc } from "../../connection/context";
import { RpcErrorPanel } from "../../advice/RpcErrorPanel";
import { tokenMetaQueryOptions, type TokenMeta } from "../../decoding/tokenMeta";
import { amountText, Button, Field } from "../../ui";
import { callQueryOptions } from "./query";

/** The view and pure functions of the ABIs, the implementation's first, each signature once. */
export function readFunctions(...abis: readonly (Abi | undefined)[]): AbiFunction[] {
  const seen = new Set<string>();
  const out: AbiFunction[] = [];
  for (const abi of abis)
    for (const item of abi ?? []) {
      if (item.type !== "function") continue;
      if (item.stateMutability !== "view" && item.stateMutability !== "pure") continue;
      const sig = functionSignature(item, false);
      if (seen.has(sig)) continue;
      seen.add(sig);
      out.push(item);
    }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** The form's schema for `fn`: each argument checked by its ABI type, as the call builder does. */
export function argsSchema(fn: AbiFunction) {
  return z.object({ args: z.array(z.string()) }).check(
    z.superRefine((v, ctx) => {
      const r = encodeCall(fn, v.args);
      if (!r.ok)
        r.problems.forEach((message, i) => {
          if (message) ctx.addIssue({ code: "custom", path: ["args", i], message });
        });
    }),
  );
}

/**
 * An argument's label: its ABI name and type. A public mapping's getter leaves its keys unnamed
 * (`credit(address)`): they read as the keys they are ("key (address)", "key 2 (uint256)"), and
 * any other unnamed argument by its place (`#1 (uint256)`), never a made-up `arg1`.
 */
export function readArgLabel(fn: AbiFunction, index: number): string {
  const p = fn.inputs[index];
  if (!p) return `#${index + 1}`;
  if (p.name) return argLabel(p, index);
  const type = argLabel({ ...p, name: "x" }, index).replace(/^x /, "");
  const getter = fn.inputs.every((i) => !i.name) && fn.outputs.length > 0;
  if (getter) return fn.inputs.length === 1 ? `key ${type}` : `key ${index + 1} ${type}`;
  return `#${index + 1} ${type}`;
}

/** The call's answer as `name (type): value` rows. */
/** The ERC-20 reads whose answer is an amount of the token itself, in its base unit. */
const TOKEN_AMOUNT_READS: Readonly<Record<string, number>> = {
  balanceOf: 1,
  totalSupply: 0,
  allowance: 2,
};

function isTokenAmountRead(fn: AbiFunction): boolean {
  return (
    TOKEN_AMOUNT_READS[fn.name] === fn.inputs.length &&
    fn.inputs.every((i) => i.type === "address") &&
    fn.outputs.length === 1 &&
    fn.outputs[0]?.type === "uint256"
  );
}

export function decodeResult(
  fn: AbiFunction,
  data: string,
  /** The contract's token units (an ERC-20 whose decimals it states): amounts read in them. */
  token?: TokenMeta,
): { ok: true; rows: { label: string; value: string }[] } | { ok: false; message: string } {
  try {
    const decoded: unknown = decodeFunctionResult({
      abi: [fn],
      functionName: fn.name,
      data: data as Hex,
    } as Parameters<typeof decodeFunctionResult>[0]);
    const values =
      fn.outputs.length === 1 ? [decoded] : Array.isArray(decoded) ? decoded : [decoded];
    return {
      ok: true,
      rows: fn.outputs.map((p, i) => ({
        label: `${p.name || `#${i + 1}`} (${p.type})`,
        value:
          token?.decimals !== undefined && isTokenAmountRead(fn) && typeof values[i] === "bigint"
            ? `${amountText(values[i], token.decimals, token.symbol)} (${formatArg(values[i], p, { grouped: true })})`
            : formatArg(values[i], p, { grouped: true }),
      })),
    };
  } catch (e) {
    return {
      ok: false,
      message: `The answer (${data.length > 2 ? `${(data.length - 2) / 2} bytes` : "empty"}) does not decode as ${functionSignature(fn, false)}'s outputs: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`,
    };
  }
}

export function ReadSection({
  endpoint,
  to,
  blockHex,
  functions,
  abiOf,
}: {
  endpoint: ResolvedEndpoint;
  to: string;
  blockHex: string;
  functions: readonly AbiFunction[];
  /** Whose ABI the functions come from, for the heading's note. */
  abiOf: string;
}) {
  const { client } = useRpc();
  const isToken = functions.some((f) => f.name === "decimals" && f.inputs.length === 0);
  const meta = useQuery(tokenMetaQueryOptions(client, endpoint, isToken ? [to] : []));
  const token = meta.data?.get(to);
  return (
    <section aria-labelledby="read-heading" className="flex flex-col gap-2">
      <h3 id="read-heading" className="text-base font-semibold">
        Read
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {functions.length} view functions from {abiOf}, called with eth_call at block{" "}
        {BigInt(blockHex).toString()} when you press Call.
      </p>
      <ul className="flex flex-col gap-1">
        {functions.map((fn) => (
          <li key={functionSignature(fn, false)}>
            <ReadFunction endpoint={endpoint} to={to} blockHex={blockHex} fn={fn} token={token} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ReadFunction({
  endpoint,
  to,
  blockHex,
  fn,
  token,
}: {
  endpoint: ResolvedEndpoint;
  to: string;
  blockHex: string;
  fn: AbiFunction;
  token: TokenMeta | undefined;
}) {
  const { client } = useRpc();
  const schema = useMemo(() => argsSchema(fn), [fn]);
  const form = useForm<{ args: string[] }>({
    resolver: zodResolver(schema),
    defaultValues: { args: fn.inputs.map(() => "") },
  });
  const [data, setData] = useState<string | null>(null);
  const query = useQuery(
    callQueryOptions(client, endpoint, data === null ? null : { to, data, blockHex }),
  );
  const onSubmit = form.handleSubmit((values) => {
    const r = encodeCall(fn, values.args);
    if (r.ok) setData(r.data);
  });
  const result = query.data === undefined ? null : decodeResult(fn, query.data, token);
  const errors = form.formState.errors.args;
  return (
    <details className="rounded border border-slate-200 px-2 py-1 dark:border-slate-700">
      <summary className="cursor-pointer font-mono text-sm">{functionSignature(fn)}</summary>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={`Call ${fn.name}`}
        className="mt-2 flex flex-col gap-2"
      >
        {fn.inputs.map((_, i) => (
          <Field
            key={i}
            label={readArgLabel(fn, i)}
            error={errors?.[i]?.message}
            {...form.register(`args.${i}`)}
          />
        ))}
        <div>
          <Button type="submit" variant="primary">
            Call {fn.name}
          </Button>
        </div>
      </form>
      {query.isFetching ? <p role="status">Calling…</p> : null}
      {query.isError ? <RpcErrorPanel error={query.error} title={`${fn.name} failed`} /> : null}
      {result?.ok === false ? <p role="alert">{result.message}</p> : null}
      {result?.ok ? (
        <dl
          aria-label={`${fn.name} result`}
          className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm"
        >
          {result.rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{r.label}</dt>
              <dd className="font-mono break-all">{r.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </details>
  );
}
