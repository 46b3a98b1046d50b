/**
 * Solidity highlighting for the source views: Prism's tokenizer and its Solidity grammar (loaded
 * on first use, in a chunk of its own, so neither the first visit nor the first lines on screen
 * wait for it), its token stream cut into lines of plain text segments. The segments are text
 * and a kind, nothing else: sources are attacker-controlled, and the views render them as text
 * nodes (never Prism's HTML).
 */

/** What a segment is, for its colour; "plain" for operators, punctuation, names. */
export type TokenKind = "comment" | "string" | "keyword" | "type" | "function" | "number" | "plain";

export interface Segment {
  text: string;
  kind: TokenKind;
}

/** Prism's token, as far as the lines need it (its class is in the lazy chunk). */
export interface TokenLike {
  type: string;
  alias?: string | string[];
  content: string | TokenLike | (string | TokenLike)[];
}

export type Tokenize = (code: string) => (string | TokenLike)[];

const KINDS: Record<string, TokenKind> = {
  comment: "comment",
  string: "string",
  keyword: "keyword",
  boolean: "number",
  number: "number",
  version: "number",
  builtin: "type",
  "class-name": "type",
  function: "function",
};

function kindOf(token: TokenLike, outer: TokenKind): TokenKind {
  const own = KINDS[token.type];
  if (own) return own;
  const aliases = token.alias === undefined ? [] : [token.alias].flat();
  for (const a of aliases) {
    const k = KINDS[a];
    if (k) return k;
  }
  return outer;
}

/**
 * The lines of `code` (split on "\n", a trailing "\r" dropped), each as its segments in order;
 * a token that spans lines (a block comment, a string with an escaped newline) is cut at each
 * "\n" and keeps its kind on every line. Adjacent segments of one kind are merged.
 */
export function linesOf(code: string, tokens: readonly (string | TokenLike)[]): Segment[][] {
  const lines: Segment[][] = [[]];
  const push = (text: string, kind: TokenKind) => {
    const parts = text.split("\n");
    parts.forEach((part, i) => {
      if (i > 0) lines.push([]);
      const t = part.endsWith("\r") && i < parts.length - 1 ? part.slice(0, -1) : part;
      if (!t) return;
      const line = lines[lines.length - 1] as Segment[];
      const last = line[line.length - 1];
      if (last && last.kind === kind) last.text += t;
      else line.push({ text: t, kind });
    });
  };
  const walk = (stream: string | TokenLike | readonly (string | TokenLike)[], kind: TokenKind) => {
    if (typeof stream === "string") push(stream, kind);
    else if (Array.isArray(stream)) for (const s of stream) walk(s, kind);
    else {
      const token = stream as TokenLike;
      walk(token.content, kindOf(token, kind));
    }
  };
  walk(tokens, "plain");
  // A tokenizer that dropped text (none should) must not shift the lines: then plain lines.
  const expected = code.split("\n").length;
  if (lines.length !== expected) return plainLines(code);
  return lines;
}

/** The lines unhighlighted: what is shown until the highlighter has loaded. */
export function plainLines(code: string): Segment[][] {
  return code
    .split("\n")
    .map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l))
    .map((text) => (text ? [{ text, kind: "plain" as const }] : []));
}

let tokenizer: Tokenize | null = null;
let loading: Promise<Tokenize> | null = null;

/** The Solidity tokenizer when it has loaded, else null. */
export function loadedTokenizer(): Tokenize | null {
  return tokenizer;
}

/** Loads the tokenizer once (later calls share the load). */
export function loadTokenizer(): Promise<Tokenize> {
  if (!loading) {
    // Prism highlights every `code.language-*` element of the page on load unless told it is
    // driven by hand: it must never write HTML into the page.
    const g = globalThis as { Prism?: { manual?: boolean; disableWorkerMessageHandler?: boolean } };
    g.Prism = { ...g.Prism, manual: true, disableWorkerMessageHandler: true };
    loading = import("./prismSolidity").then((m) => {
      tokenizer = m.tokenizeSolidity;
      return m.tokenizeSolidity;
    });
    // A failed load (offline after a deploy) leaves the source plain; the next view tries again.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
