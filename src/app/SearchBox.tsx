/**
 * One search box for every route: a transaction hash opens its card, a block hash, a block
 * number or a tag that block's page, an address its page (balance, code, storage, activity).
 * Enter runs it; `/` focuses it from
 * anywhere on the page.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { z } from "../platform/zod";
import { href } from "../routing/links";
import { useRpc } from "../connection/context";
import { classifyLookup } from "../routing/lookup";
import { navigate } from "./router";
import { formatDecimal } from "../chain/units";

const txFound = z.nullable(z.looseObject({ blockHash: z.optional(z.nullable(z.string())) }));
const blockFound = z.nullable(z.looseObject({ hash: z.string() }));

type State =
  | { kind: "idle" }
  | { kind: "busy"; what: string }
  | { kind: "error"; message: string }
  /** A short 0x number: which it is, asked (block, or the start of a hash or address). */
  | { kind: "choice"; text: string; block: bigint };

/** The block page's link for a block: its number in decimal, as people read it; a tag as it is. */
const blockLink = (block: string) =>
  href("block", { number: /^0x/.test(block) ? BigInt(block).toString() : block });

export function SearchBox() {
  const { client, resolve } = useRpc();
  const [text, setText] = useState("");
  const [state, setState] = useState<State>({ kind: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target;
      if (
        t instanceof HTMLElement &&
        (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))
      )
        return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    // A bubble belongs to the page it was asked on: leaving the page (a link, a tab, Back)
    // takes it away, and a lookup still under way no longer moves the user. A page rewriting its
    // own link (a filter, a frame) is not leaving it.
    const pageOf = () => window.location.hash.split("?")[0] ?? "";
    let page = pageOf();
    const onLeave = () => {
      const now = pageOf();
      if (now === page) return;
      page = now;
      abort.current?.abort();
      setState({ kind: "idle" });
    };
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", onLeave);
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("hashchange", onLeave);
      abort.current?.abort();
    };
  }, []);

  const go = (target: string) => {
    setState({ kind: "idle" });
    navigate(target);
  };

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const what = classifyLookup(text);
    if (what.kind === "invalid") return setState({ kind: "error", message: what.message });
    if (what.kind === "block") return go(blockLink(what.block));
    if (what.kind === "shortHex")
      return setState({ kind: "choice", text: what.text, block: BigInt(what.block) });
    if (what.kind === "address") return go(href("address", { address: what.address }));
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const opts = { signal: controller.signal, timeoutMs: 15_000 };
    try {
      const txEndpoint = resolve("eth_getTransactionByBlockHashAndIndex");
      if (!txEndpoint.ok) return setState({ kind: "error", message: txEndpoint.reason });
      setState({ kind: "busy", what: "Looking the hash up…" });
      const tx = await client.request(
        txEndpoint.endpoint,
        "eth_getTransactionByHash",
        [what.hash],
        {
          ...opts,
          schema: txFound,
        },
      );
      if (tx) return go(href("tx", { hash: what.hash }));
      const block = await client.request(
        txEndpoint.endpoint,
        "eth_getBlockByHash",
        [what.hash, false],
        { ...opts, schema: blockFound },
      );
      if (block) return go(href("block", { hash: what.hash }));
      setState({
        kind: "error",
        message: `No transaction or block has this hash on ${txEndpoint.endpoint.host}.`,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({
        kind: "error",
        message: `The lookup failed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  return (
    <form
      role="search"
      onSubmit={run}
      className="relative order-last flex min-w-0 basis-full items-center sm:order-none sm:max-w-xl sm:flex-1 sm:basis-auto"
    >
      <input
        ref={input}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (state.kind === "error" || state.kind === "choice") setState({ kind: "idle" });
        }}
        aria-label="Search"
        aria-describedby={hintId}
        aria-invalid={state.kind === "error" ? true : undefined}
        placeholder="Search tx hash, block, address   ( / )"
        spellCheck={false}
        autoComplete="off"
        className="w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
      />
      <span id={hintId} className="sr-only">
        A transaction hash, block hash, block number or tag, or an address. Press Enter to search;
        press / anywhere to come back here.
      </span>
      {state.kind === "choice" ? (
        <div
          role="group"
          aria-label="Search choices"
          className="absolute top-full left-0 z-30 mt-1 flex max-w-full flex-col gap-1 rounded border border-slate-300 bg-white px-2 py-1 text-xs shadow dark:border-slate-600 dark:bg-slate-900"
        >
          <p>
            <span className="font-mono">{state.text}</span> is short: a block number in hex, or the
            start of a transaction hash (64 hex digits) or an address (40)?
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className="rounded bg-indigo-700 px-2 py-0.5 font-semibold text-white hover:bg-indigo-800"
              onClick={() => go(blockLink(`0x${state.block.toString(16)}`))}
            >
              Open block {formatDecimal(state.block)}
            </button>
            <button
              type="button"
              className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600"
              onClick={() => {
                setState({ kind: "idle" });
                input.current?.focus();
              }}
            >
              Keep typing the hash or address
            </button>
          </div>
        </div>
      ) : null}
      {state.kind === "busy" || state.kind === "error" ? (
        <p
          role={state.kind === "error" ? "alert" : "status"}
          className={`absolute top-full left-0 z-30 mt-1 max-w-full rounded border px-2 py-1 text-xs shadow ${
            state.kind === "error"
              ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
              : "border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900"
          }`}
        >
          {state.kind === "error" ? state.message : state.what}
        </p>
      ) : null}
    </form>
  );
}
