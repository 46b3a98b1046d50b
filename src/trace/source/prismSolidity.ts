/**
 * Prism with its Solidity grammar: the highlighter's lazy chunk (highlight.ts loads it, after
 * telling Prism it is driven by hand). Only `tokenize` is used: its tokens become text nodes.
 */
import Prism from "prismjs";
import "prismjs/components/prism-solidity";

export function tokenizeSolidity(code: string): (string | Prism.Token)[] {
  const grammar = Prism.languages["solidity"];
  return grammar ? Prism.tokenize(code, grammar) : [code];
}
