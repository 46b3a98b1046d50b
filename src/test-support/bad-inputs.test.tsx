// @vitest-environment jsdom
/**
 * The bad-input corpus: invalid inputs across the four method forms, each typed by a user into the
 * real page (inside a fake RpcContext whose client records every call), submitted, and expected to
 * be refused with a message on the field (aria-invalid + role="alert") while NO request is sent.
 * Deep links that cannot be run get the same treatment (an alert, nothing sent).
 */
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RpcClient } from "../rpc";
import { renderPage as mountPage } from "./pages";
import type { MethodPageProps } from "../routing/page";
import TxPage from "../pages/tx/Page";
import LogsPage from "../pages/logs/Page";
import TracePage from "../pages/trace/Page";
import EstimatePage from "../pages/estimate/Page";
import SimulatePage from "../pages/simulate/Page";

type PageId = "tx" | "logs" | "trace" | "estimate" | "simulate";

const PAGES: Record<PageId, { Page: ComponentType<MethodPageProps>; submit: string }> = {
  tx: { Page: TxPage, submit: "Look up transaction" },
  logs: { Page: LogsPage, submit: "Get logs" },
  trace: { Page: TracePage, submit: "Trace transaction" },
  estimate: { Page: EstimatePage, submit: "Estimate gas" },
  simulate: { Page: SimulatePage, submit: "Simulate" },
};

/** One user action: type (or paste, for text with braces/brackets) into a labelled field, pick an option, press a button. */
type Step =
  | { type: string; text: string }
  | { paste: string; text: string }
  | { clear: string }
  | { select: string; option: string }
  | { press: string }
  | { open: string };

interface BadInput {
  page: PageId;
  /** What is wrong, in words (the test's name). */
  what: string;
  steps: Step[];
  /** The button that submits (default: the form's submit button); null when the steps already did. */
  submit?: string | null;
  /** The field that must be marked aria-invalid. */
  field: string;
  /** The message shown in role="alert". */
  message: RegExp;
}

const HASH = `0x${"ab".repeat(32)}`;
const ADDR = `0x${"12".repeat(20)}`;
/** EIP-55's own example, with one letter's case flipped: a checksum that does not match. */
const BAD_CHECKSUM = "0x52908400098527886e0F7030069857D2E4169EE7";
const TOPIC = `0x${"cd".repeat(32)}`;

const CORPUS: BadInput[] = [
  // eth_getTransactionByBlockHashAndIndex -------------------------------------------------------
  {
    page: "tx",
    what: "transaction hash too short (the form's first field)",
    steps: [{ type: "Transaction hash", text: "0xabc" }],
    field: "Transaction hash",
    message: /Transaction hash must be 32 bytes/,
  },
  {
    page: "tx",
    what: "nothing filled in (neither a transaction hash nor a block position)",
    steps: [],
    field: "Transaction hash",
    message: /^Enter a transaction hash, or a block hash and index$/,
  },
  {
    page: "tx",
    what: "block hash too short",
    steps: [
      { type: "Block hash", text: "0x123" },
      { type: "Transaction index", text: "0" },
    ],
    field: "Block hash",
    message: /Block hash must be 32 bytes/,
  },
  {
    page: "tx",
    what: "block hash too long",
    steps: [
      { type: "Block hash", text: `${HASH}00` },
      { type: "Transaction index", text: "0" },
    ],
    field: "Block hash",
    message: /Block hash must be 32 bytes/,
  },
  {
    page: "tx",
    what: "block hash without 0x",
    steps: [
      { type: "Block hash", text: HASH.slice(2) },
      { type: "Transaction index", text: "0" },
    ],
    field: "Block hash",
    message: /must start with 0x/,
  },
  {
    page: "tx",
    what: "block hash with a non-hex digit",
    steps: [
      { type: "Block hash", text: `0xzz${"ab".repeat(31)}` },
      { type: "Transaction index", text: "0" },
    ],
    field: "Block hash",
    message: /Block hash .*hex/i,
  },
  {
    page: "tx",
    what: "block hash missing",
    steps: [{ type: "Transaction index", text: "0" }],
    field: "Block hash",
    message: /Block hash is required/,
  },
  {
    page: "tx",
    what: "negative index",
    steps: [
      { type: "Block hash", text: HASH },
      { type: "Transaction index", text: "-1" },
    ],
    field: "Transaction index",
    message: /must not be negative/,
  },
  {
    page: "tx",
    what: "index in words",
    steps: [
      { type: "Block hash", text: HASH },
      { type: "Transaction index", text: "five" },
    ],
    field: "Transaction index",
    message: /Transaction index is not a number/,
  },
  {
    page: "tx",
    what: "index past 2^64 − 1",
    steps: [
      { type: "Block hash", text: HASH },
      { type: "Transaction index", text: "18446744073709551616" },
    ],
    field: "Transaction index",
    message: /2\^64/,
  },
  {
    page: "tx",
    what: "hex index past 2^64 − 1",
    steps: [
      { type: "Block hash", text: HASH },
      { type: "Transaction index", text: "0x10000000000000000" },
    ],
    field: "Transaction index",
    message: /2\^64/,
  },
  {
    page: "tx",
    what: "fractional index",
    steps: [
      { type: "Block hash", text: HASH },
      { type: "Transaction index", text: "1.5" },
    ],
    field: "Transaction index",
    message: /Transaction index/,
  },
  {
    page: "tx",
    what: "hex index with non-hex digits",
    steps: [
      { type: "Block hash", text: HASH },
      { type: "Transaction index", text: "0xzz" },
    ],
    field: "Transaction index",
    message: /Transaction index/,
  },
  {
    page: "tx",
    what: "index missing",
    steps: [{ type: "Block hash", text: HASH }],
    field: "Transaction index",
    message: /Transaction index is required/,
  },

  // eth_getLogs ---------------------------------------------------------------------------------
  {
    page: "logs",
    what: "from block in words",
    steps: [{ type: "From block", text: "abc" }],
    field: "From block",
    message: /From block: enter a block number/,
  },
  {
    page: "logs",
    what: "negative from block",
    steps: [{ type: "From block", text: "-5" }],
    field: "From block",
    message: /cannot be negative/,
  },
  {
    page: "logs",
    what: "fractional to block",
    steps: [
      { type: "From block", text: "1" },
      { type: "To block", text: "1.5" },
    ],
    field: "To block",
    message: /To block: enter a block number/,
  },
  {
    page: "logs",
    what: "from block too large",
    steps: [{ type: "From block", text: "99999999999999999999" }],
    field: "From block",
    message: /too large for a block number/,
  },
  {
    page: "logs",
    what: "reversed range",
    steps: [
      { type: "From block", text: "100" },
      { type: "To block", text: "10" },
    ],
    field: "To block",
    message: /To block \(10\) is before From block \(100\)/,
  },
  {
    page: "logs",
    what: "block hash together with a range",
    steps: [
      { type: "From block", text: "1" },
      { type: "Block hash", text: HASH },
    ],
    field: "Block hash",
    message: /Block hash excludes From block \/ To block/,
  },
  {
    page: "logs",
    what: "block hash too short",
    steps: [{ type: "Block hash", text: "0x1234" }],
    field: "Block hash",
    message: /has 4 hex digits; a block hash has 64/,
  },
  {
    page: "logs",
    what: "block hash without 0x",
    steps: [{ type: "Block hash", text: HASH.slice(2) }],
    field: "Block hash",
    message: /must start with 0x/,
  },
  {
    page: "logs",
    what: "address too short",
    steps: [{ type: "Address", text: "0x1234" }],
    field: "Address",
    message: /an address has 40/,
  },
  {
    page: "logs",
    what: "address with non-hex digits",
    steps: [{ type: "Address", text: `0x${"g".repeat(40)}` }],
    field: "Address",
    message: /"g" is not a hex digit/,
  },
  {
    page: "logs",
    what: "address without 0x",
    steps: [{ type: "Address", text: ADDR.slice(2) }],
    field: "Address",
    message: /must start with 0x/,
  },
  {
    page: "logs",
    what: "second address wrong",
    steps: [
      { type: "Address", text: ADDR },
      { press: "Add address" },
      { type: "Address 2", text: "0xabc" },
    ],
    field: "Address 2",
    message: /Address 2: has 3 hex digits/,
  },
  {
    page: "logs",
    what: "topic too short",
    steps: [{ type: "Topic 0", text: "0xddf2" }],
    field: "Topic 0",
    message: /Topic 0: has 4 hex digits; a topic has 64/,
  },
  {
    page: "logs",
    what: "an address typed as a topic",
    steps: [{ type: "Topic 1", text: ADDR }],
    field: "Topic 1",
    message: /that is an address; use "Address to topic"/,
  },
  {
    page: "logs",
    what: "topic with non-hex digits",
    steps: [{ type: "Topic 2", text: `0x${"x".repeat(64)}` }],
    field: "Topic 2",
    message: /"x" is not a hex digit/,
  },
  {
    page: "logs",
    what: "OR-list with one bad topic",
    steps: [{ type: "Topic 0", text: `${TOPIC}, 0x12` }],
    field: "Topic 0",
    message: /Topic 0, value 2: has 2 hex digits/,
  },
  {
    page: "logs",
    what: "topic without 0x",
    steps: [{ type: "Topic 3", text: TOPIC.slice(2) }],
    field: "Topic 3",
    message: /Topic 3: .* must start with 0x/,
  },
  {
    page: "logs",
    what: "malformed event signature",
    steps: [{ type: "Event signature", text: "Transfer(address" }, { press: "Use as topic 0" }],
    submit: null,
    field: "Event signature",
    message: /Event signature: .*expected e\.g\. Transfer/,
  },
  {
    page: "logs",
    what: "malformed ABI JSON",
    steps: [
      { open: "Decoding: add an ABI or signature" },
      { paste: "ABI or signature", text: '[{"type":"event",' },
      { press: "Add ABI" },
    ],
    submit: null,
    field: "ABI or signature",
    message: /^ABI or signature: .*JSON/,
  },

  // debug_jstraceTransaction --------------------------------------------------------------------
  {
    page: "trace",
    what: "transaction hash missing",
    steps: [],
    field: "Transaction hash",
    message: /Transaction hash is required/,
  },
  {
    page: "trace",
    what: "transaction hash too short",
    steps: [{ type: "Transaction hash", text: "0xabc" }],
    field: "Transaction hash",
    message: /must be 32 bytes \(64 hex digits after 0x\); this one has 3/,
  },
  {
    page: "trace",
    what: "transaction hash with non-hex digits",
    steps: [{ type: "Transaction hash", text: `0x${"q".repeat(64)}` }],
    field: "Transaction hash",
    message: /may only contain hex digits/,
  },
  {
    page: "trace",
    what: "transaction hash without 0x",
    steps: [{ type: "Transaction hash", text: HASH.slice(2) }],
    field: "Transaction hash",
    message: /Transaction hash must start with 0x/,
  },
  {
    page: "trace",
    what: "timeout without a unit",
    steps: [
      { type: "Transaction hash", text: HASH },
      { type: "Timeout", text: "10" },
    ],
    field: "Timeout",
    message: /Timeout must be a duration such as "10s"/,
  },
  {
    page: "trace",
    what: "negative timeout",
    steps: [
      { type: "Transaction hash", text: HASH },
      { type: "Timeout", text: "-5s" },
    ],
    field: "Timeout",
    message: /Timeout must be a duration/,
  },
  {
    page: "trace",
    what: "zero timeout",
    steps: [
      { type: "Transaction hash", text: HASH },
      { type: "Timeout", text: "0s" },
    ],
    field: "Timeout",
    message: /Timeout must be longer than zero/,
  },
  {
    page: "trace",
    what: "timeout in words",
    steps: [
      { type: "Transaction hash", text: HASH },
      { type: "Timeout", text: "ten seconds" },
    ],
    field: "Timeout",
    message: /Timeout must be a duration/,
  },
  {
    page: "trace",
    what: "tracerConfig that is not JSON",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "prestateTracer" },
      { paste: "Tracer config (JSON)", text: "{diffMode: true}" },
    ],
    field: "Tracer config (JSON)",
    message: /Tracer config is not valid JSON/,
  },
  {
    page: "trace",
    what: "tracerConfig that is an array",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "prestateTracer" },
      { paste: "Tracer config (JSON)", text: "[1, 2]" },
    ],
    field: "Tracer config (JSON)",
    message: /Tracer config must be a JSON object/,
  },
  {
    page: "trace",
    what: "tracerConfig that is a bare value",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "4byteTracer" },
      { type: "Tracer config (JSON)", text: "true" },
    ],
    field: "Tracer config (JSON)",
    message: /Tracer config must be a JSON object/,
  },
  {
    page: "trace",
    what: "JS tracer with an unclosed brace",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "js" },
      { clear: "JavaScript tracer" },
      {
        paste: "JavaScript tracer",
        text: "{ result: function () { return 1; }, fault: function () {}",
      },
    ],
    field: "JavaScript tracer",
    message: /"\{" is never closed/,
  },
  {
    page: "trace",
    what: "JS tracer without fault",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "js" },
      { clear: "JavaScript tracer" },
      { paste: "JavaScript tracer", text: "{ result: function () { return 1; } }" },
    ],
    field: "JavaScript tracer",
    message: /must define fault/,
  },
  {
    page: "trace",
    what: "JS tracer that is a function, not an object",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "js" },
      { clear: "JavaScript tracer" },
      { paste: "JavaScript tracer", text: "function () { return { result: 1, fault: 2 }; }" },
    ],
    field: "JavaScript tracer",
    message: /must be an object literal/,
  },
  {
    page: "trace",
    what: "JS tracer with an unclosed string",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "js" },
      { clear: "JavaScript tracer" },
      {
        paste: "JavaScript tracer",
        text: '{ result: function () { return "abc; }, fault: function () {} }',
      },
    ],
    field: "JavaScript tracer",
    message: /a string opened with " is never closed/,
  },
  {
    page: "trace",
    what: "JS tracer with an unclosed comment",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "js" },
      { clear: "JavaScript tracer" },
      { paste: "JavaScript tracer", text: "{ /* result: 1, fault: 2 }" },
    ],
    field: "JavaScript tracer",
    message: /a \/\* comment is never closed/,
  },
  {
    page: "trace",
    what: "JS tracer with a stray bracket",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "js" },
      { clear: "JavaScript tracer" },
      {
        paste: "JavaScript tracer",
        text: "{ result: function () { return [1); }, fault: function () {} }",
      },
    ],
    field: "JavaScript tracer",
    message: /unbalanced "\)"/,
  },
  {
    page: "trace",
    what: "JS tracer left empty",
    steps: [
      { type: "Transaction hash", text: HASH },
      { select: "Tracer", option: "js" },
      { clear: "JavaScript tracer" },
    ],
    field: "JavaScript tracer",
    message: /JavaScript tracer is required/,
  },

  // eth_estimateGas -----------------------------------------------------------------------------
  {
    page: "estimate",
    what: "from too short",
    steps: [{ type: "From", text: "0x12" }],
    field: "From",
    message: /From must be 40 hex digits after 0x \(this one has 2\)/,
  },
  {
    page: "estimate",
    what: "from with non-hex digits",
    steps: [{ type: "From", text: `0x${"h".repeat(40)}` }],
    field: "From",
    message: /From has a character that is not a hex digit: "h"/,
  },
  {
    page: "estimate",
    what: "from with a wrong checksum",
    steps: [{ type: "From", text: BAD_CHECKSUM }],
    field: "From",
    message: /checksum that does not match/,
  },
  {
    page: "estimate",
    what: "to without 0x",
    steps: [{ type: "To", text: ADDR.slice(2) }],
    field: "To",
    message: /To must start with 0x/,
  },
  {
    page: "estimate",
    what: "to too long",
    steps: [{ type: "To", text: `${ADDR}00` }],
    field: "To",
    message: /To must be 40 hex digits after 0x \(this one has 42\)/,
  },
  {
    page: "estimate",
    what: "negative value",
    steps: [
      { type: "To", text: ADDR },
      { type: "Value", text: "-1" },
    ],
    field: "Value",
    message: /Value cannot be negative/,
  },
  {
    page: "estimate",
    what: "ether with 19 decimals",
    steps: [
      { type: "To", text: ADDR },
      { type: "Value", text: "0.0000000000000000001" },
    ],
    field: "Value",
    message: /Too many decimals: ether has at most 18/,
  },
  {
    page: "estimate",
    what: "gwei with 10 decimals",
    steps: [
      { type: "To", text: ADDR },
      { select: "Value unit", option: "gwei" },
      { type: "Value", text: "1.0000000001" },
    ],
    field: "Value",
    message: /Too many decimals: gwei has at most 9/,
  },
  {
    page: "estimate",
    what: "wei with decimals",
    steps: [
      { type: "To", text: ADDR },
      { select: "Value unit", option: "wei" },
      { type: "Value", text: "1.5" },
    ],
    field: "Value",
    message: /a value in wei has no decimals/,
  },
  {
    page: "estimate",
    what: "value in words",
    steps: [
      { type: "To", text: ADDR },
      { type: "Value", text: "one" },
    ],
    field: "Value",
    message: /Value must be a number of ether/,
  },
  {
    page: "estimate",
    what: "hex value in ether",
    steps: [
      { type: "To", text: ADDR },
      { type: "Value", text: "0x10" },
    ],
    field: "Value",
    message: /A 0x value is in wei: pick wei/,
  },
  {
    page: "estimate",
    what: "value past 2^256 − 1 wei",
    steps: [
      { type: "To", text: ADDR },
      { type: "Value", text: "9".repeat(80) },
    ],
    field: "Value",
    message: /Value is too large: at most 2\^256 − 1 wei/,
  },
  {
    page: "estimate",
    what: "data with an odd number of digits",
    steps: [
      { type: "To", text: ADDR },
      { type: "Data", text: "0x123" },
    ],
    field: "Data",
    message: /Data has an odd number of hex digits \(3\)/,
  },
  {
    page: "estimate",
    what: "data with non-hex digits",
    steps: [
      { type: "To", text: ADDR },
      { type: "Data", text: "0xzz" },
    ],
    field: "Data",
    message: /Data has a character that is not a hex digit: "z" at position 2/,
  },
  {
    page: "estimate",
    what: "data without 0x",
    steps: [
      { type: "To", text: ADDR },
      { type: "Data", text: "a9059cbb" },
    ],
    field: "Data",
    message: /Data must be hex bytes starting with 0x/,
  },
  {
    page: "estimate",
    what: "fractional gas",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Gas", text: "21000.5" },
    ],
    field: "Gas",
    message: /Gas is a whole number/,
  },
  {
    page: "estimate",
    what: "negative gas",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Gas", text: "-21000" },
    ],
    field: "Gas",
    message: /Gas cannot be negative/,
  },
  {
    page: "estimate",
    what: "gas past 2^64 − 1",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Gas", text: "18446744073709551616" },
    ],
    field: "Gas",
    message: /Gas is too large: at most 2\^64 − 1/,
  },
  {
    page: "estimate",
    what: "gas price in words",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Gas price", text: "cheap" },
    ],
    field: "Gas price",
    message: /Gas price must be a decimal number/,
  },
  {
    page: "estimate",
    what: "legacy and EIP-1559 fees together",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Gas price", text: "1" },
      { type: "Max fee per gas", text: "2" },
    ],
    field: "Gas price",
    message: /Use either Gas price \(legacy\) or the max fee fields/,
  },
  {
    page: "estimate",
    what: "priority fee above max fee",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Max fee per gas", text: "10" },
      { type: "Max priority fee per gas", text: "11" },
    ],
    field: "Max priority fee per gas",
    message: /cannot be higher than Max fee per gas/,
  },
  {
    page: "estimate",
    what: "max fee past 2^256 − 1",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Max fee per gas", text: `0x1${"0".repeat(64)}` },
    ],
    field: "Max fee per gas",
    message: /Max fee per gas is too large: at most 2\^256 − 1/,
  },
  {
    page: "estimate",
    what: "nonce past 2^64 − 1",
    steps: [
      { type: "To", text: ADDR },
      { open: "Advanced: gas, fees, nonce" },
      { type: "Nonce", text: "0x1ffffffffffffffff" },
    ],
    field: "Nonce",
    message: /Nonce is too large: at most 2\^64 − 1/,
  },
  {
    page: "estimate",
    what: "block in words",
    steps: [
      { type: "To", text: ADDR },
      { type: "Block", text: "yesterday" },
    ],
    field: "Block",
    message: /Block must be empty \(not sent\), a tag/,
  },
  {
    page: "estimate",
    what: "negative block",
    steps: [
      { type: "To", text: ADDR },
      { type: "Block", text: "-1" },
    ],
    field: "Block",
    message: /Block must be empty \(not sent\), a tag/,
  },
  {
    page: "estimate",
    what: "malformed ABI JSON",
    steps: [{ paste: "ABI", text: '[{"type":"function","name":' }],
    submit: null,
    field: "ABI",
    message: /ABI JSON is not valid JSON/,
  },
  {
    page: "estimate",
    what: "ABI JSON that is not an array",
    steps: [{ paste: "ABI", text: '{"name":"transfer"}' }],
    submit: null,
    field: "ABI",
    message: /ABI JSON must be an array of items/,
  },
  {
    page: "estimate",
    what: "malformed function signature in the call builder",
    steps: [{ type: "Function", text: "transfer(address" }],
    submit: null,
    field: "Function",
    message: /Not a function signature viem can read/,
  },
];

/** Links whose params cannot be run: the page says so in an alert and sends nothing. */
// prettier-ignore
// debug_traceCall (Simulate): the call's fields are the estimate's; these are the overrides ------
const OVERRIDE = (...steps: Step[]): Step[] => [
  { type: "To", text: ADDR },
  { press: "Add state override" },
  ...steps,
];
CORPUS.push(
  {
    page: "simulate",
    what: "to too short",
    steps: [{ type: "To", text: "0x1234" }],
    field: "To",
    message: /To must be 40 hex digits/,
  },
  {
    page: "simulate",
    what: "an override's address too short",
    steps: OVERRIDE({ type: "Address", text: "0x12" }, { type: "Balance", text: "1" }),
    field: "Address",
    message: /Address must be 40 hex digits/,
  },
  {
    page: "simulate",
    what: "an override's address with a wrong checksum",
    steps: OVERRIDE({ type: "Address", text: BAD_CHECKSUM }, { type: "Balance", text: "1" }),
    field: "Address",
    message: /checksum/,
  },
  {
    page: "simulate",
    what: "a negative balance",
    steps: OVERRIDE({ type: "Address", text: ADDR }, { type: "Balance", text: "-5" }),
    field: "Balance",
    message: /negative/i,
  },
  {
    page: "simulate",
    what: "a balance in an unknown unit",
    steps: OVERRIDE({ type: "Address", text: ADDR }, { type: "Balance", text: "5 bananas" }),
    field: "Balance",
    message: /Balance/,
  },
  {
    page: "simulate",
    what: "a nonce that is not a number",
    steps: OVERRIDE({ type: "Address", text: ADDR }, { type: "Account nonce", text: "one" }),
    field: "Account nonce",
    message: /Nonce/,
  },
  {
    page: "simulate",
    what: "code with an odd number of digits",
    steps: OVERRIDE({ type: "Address", text: ADDR }, { type: "Code", text: "0x600" }),
    field: "Code",
    message: /odd number of hex digits/,
  },
  {
    page: "simulate",
    what: "a storage slot longer than 32 bytes",
    steps: OVERRIDE(
      { type: "Address", text: ADDR },
      { press: "Add slot" },
      { type: "Slot", text: `0x${"11".repeat(33)}` },
      { type: "Slot value", text: "0x1" },
    ),
    field: "Slot",
    message: /64 hex digits|32 bytes/,
  },
  {
    page: "simulate",
    what: "a storage value that is not hex",
    steps: OVERRIDE(
      { type: "Address", text: ADDR },
      { press: "Add slot" },
      { type: "Slot", text: "0x1" },
      { type: "Slot value", text: "0xzz" },
    ),
    field: "Slot value",
    message: /Slot value|Value/,
  },
);

const BAD_LINKS: {
  page: PageId;
  what: string;
  search: Record<string, string>;
  message: RegExp;
  field?: string;
}[] = [
  {
    page: "logs",
    what: "five topic positions",
    search: {
      fromBlock: "1",
      toBlock: "2",
      topics: JSON.stringify([TOPIC, null, null, null, TOPIC]),
    },
    message: /has 5 positions; a log has at most 4/,
  },
  {
    page: "logs",
    what: "topics that are not JSON",
    search: { fromBlock: "1", toBlock: "2", topics: "[0xabc" },
    message: /"topics" is not valid JSON/,
  },
  {
    page: "logs",
    what: "a block hash with a range",
    search: { fromBlock: "1", blockHash: HASH },
    message: /Block hash excludes From block/,
    field: "Block hash",
  },
  {
    page: "logs",
    what: "a reversed range",
    search: { fromBlock: "9", toBlock: "3" },
    message: /is before From block/,
    field: "To block",
  },
  {
    page: "tx",
    what: "a short block hash and a negative index",
    search: { blockHash: "0x123", index: "-1" },
    message: /Block hash must be 32 bytes/,
    field: "Block hash",
  },
  {
    page: "trace",
    what: "tracerConfig that is not JSON",
    search: { hash: HASH, tracer: "prestateTracer", tracerConfig: "{x" },
    message: /tracerConfig is not valid JSON/,
  },
  {
    page: "trace",
    what: "a short hash",
    search: { hash: "0xabc" },
    message: /must be 32 bytes/,
    field: "Transaction hash",
  },
  {
    page: "estimate",
    what: "a short to address",
    search: { to: "0x1234" },
    message: /To must be 40 hex digits/,
    field: "To",
  },
  {
    page: "estimate",
    what: "data with an odd number of digits",
    search: { to: ADDR, data: "0xabc" },
    message: /odd number of hex digits/,
    field: "Data",
  },
  {
    page: "simulate",
    what: "overrides that are not JSON",
    search: { to: ADDR, overrides: "{0x12" },
    message: /overrides cannot be read/,
  },
  {
    page: "simulate",
    what: "an override slot longer than 32 bytes",
    search: {
      to: ADDR,
      overrides: JSON.stringify({ [ADDR]: { stateDiff: { [`0x${"11".repeat(33)}`]: "0x1" } } }),
    },
    message: /64 hex digits|32 bytes/,
    field: "Slot",
  },
];

interface Recorded {
  method: string;
  params: readonly unknown[];
}

function answerFor(method: string): unknown {
  if (method === "eth_getLogs") return [];
  if (method === "eth_blockNumber") return "0x10";
  if (method === "eth_estimateGas") return "0x5208";
  return null;
}

function renderPage(page: PageId, initial: Record<string, string> = {}) {
  const sent: Recorded[] = [];
  const client: RpcClient = {
    request: async <T,>(_e: unknown, method: string, params: readonly unknown[]) => {
      sent.push({ method, params });
      return answerFor(method) as T;
    },
  };
  const { searches } = mountPage(PAGES[page].Page, { client, initial });
  return { sent, searches, user: userEvent.setup() };
}

/** Text for user.type: `{` and `[` start key descriptors there, so they are doubled. */
const typed = (s: string) => s.replace(/[{[]/g, (c) => c + c);

/**
 * Longer than this, a value is pasted rather than typed: people paste hashes, addresses and long
 * hex, and jsdom re-renders the page on every keystroke (a 66-character slot typed key by key took
 * 4 s, a third of the whole unit run). The field still gets the whole value through its input
 * events; what the corpus proves is the message for that value, not the keys that made it.
 */
const TYPED_UP_TO = 16;

async function perform(user: ReturnType<typeof userEvent.setup>, step: Step) {
  if ("type" in step && step.text.length > TYPED_UP_TO) {
    await user.click(screen.getByLabelText(step.type));
    await user.paste(step.text);
  } else if ("type" in step) await user.type(screen.getByLabelText(step.type), typed(step.text));
  else if ("paste" in step) {
    await user.click(screen.getByLabelText(step.paste));
    await user.paste(step.text);
  } else if ("clear" in step) await user.clear(screen.getByLabelText(step.clear));
  else if ("select" in step)
    await user.selectOptions(screen.getByLabelText(step.select), step.option);
  else if ("press" in step) await user.click(screen.getByRole("button", { name: step.press }));
  else await user.click(screen.getByText(step.open, { exact: false }));
}

/** Lets any request that a submit might have started get to the client. */
const settle = () => new Promise((r) => setTimeout(r, 20));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("bad-input corpus: every invalid input is refused on its field and nothing is sent", () => {
  it("holds at least 50 typed inputs across the four forms", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
    for (const p of Object.keys(PAGES))
      expect(CORPUS.filter((c) => c.page === p).length).toBeGreaterThanOrEqual(8);
  });

  it.each(CORPUS.map((c) => [`${c.page}: ${c.what}`, c] as const))("%s", async (_name, c) => {
    const { sent, searches, user } = renderPage(c.page);
    for (const step of c.steps) await perform(user, step);
    const submit = c.submit === undefined ? PAGES[c.page].submit : c.submit;
    if (submit) await user.click(screen.getByRole("button", { name: submit }));
    const field = screen.getByLabelText(c.field);
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent ?? "");
    expect(
      alerts.some((t) => c.message.test(t)),
      `alerts: ${JSON.stringify(alerts)}`,
    ).toBe(true);
    await settle();
    expect(sent).toEqual([]);
    expect(searches).toEqual([]);
  });

  it.each(BAD_LINKS.map((c) => [`${c.page} link: ${c.what}`, c] as const))(
    "%s",
    async (_name, c) => {
      const { sent } = renderPage(c.page, c.search);
      await waitFor(() => {
        const alerts = screen.queryAllByRole("alert").map((a) => a.textContent ?? "");
        expect(
          alerts.some((t) => c.message.test(t)),
          `alerts: ${JSON.stringify(alerts)}`,
        ).toBe(true);
      });
      if (c.field) expect(screen.getByLabelText(c.field).getAttribute("aria-invalid")).toBe("true");
      await settle();
      expect(sent).toEqual([]);
    },
  );
});

describe("the recorder sees requests (so 'nothing sent' above means something)", () => {
  const valid: [PageId, Step[], string][] = [
    [
      "tx",
      [
        { type: "Block hash", text: HASH },
        { type: "Transaction index", text: "0" },
      ],
      "eth_getTransactionByBlockHashAndIndex",
    ],
    ["logs", [{ type: "Block hash", text: HASH }], "eth_getLogs"],
    [
      "trace",
      [
        { type: "Transaction hash", text: HASH },
        { type: "Timeout", text: "10s" },
      ],
      "debug_jstraceTransaction",
    ],
    [
      "estimate",
      [
        { type: "To", text: ADDR },
        { type: "Value", text: "1.5" },
      ],
      "eth_estimateGas",
    ],
    [
      "simulate",
      [
        { type: "To", text: ADDR },
        { press: "Add state override" },
        { type: "Address", text: ADDR },
        { type: "Balance", text: "100 ether" },
      ],
      "debug_traceCall",
    ],
  ];
  it.each(valid)("%s: a valid submit sends its request", async (page, steps, method) => {
    const { sent, user } = renderPage(page);
    for (const step of steps) await perform(user, step);
    await user.click(screen.getByRole("button", { name: PAGES[page].submit }));
    await waitFor(() => expect(sent.map((s) => s.method)).toContain(method));
  });
});
