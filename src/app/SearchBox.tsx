/**
 * One search box for every route: a transaction hash opens its card, a block hash, a block
 * number or a tag that block's page, an address its page (balance, code, storage, activity).
 * Enter runs it; `/` focuses it from
 * anywhere on the page.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import { href } from "../routing/links";
import { useRpc } from "../connection/context";
import { classifyLookup } from "../routing/lookup";
import { navigate } from "./router";

const txFound = z.looseObject({ blockHash: z.string().nullable().optional() }).nullable();
const blockFound = z.looseObject({ hash: z.string() }).nullable();

type State = { kind: "idle" } | { kind: "busy"; what: string } | { kind: "error"; message: string };

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
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
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
    if (what.kind === "block")
      // The block page's link holds a number in decimal, as people read it; a tag as it is.
      return go(
        href("block", {
          number: /^0x/.test(what.block) ? BigInt(what.block).toString() : what.block,
        }),
      );
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
          if (state.kind === "error") setState({ kind: "idle" });
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
      {state.kind !== "idle" ? (
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
