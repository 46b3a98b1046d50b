/**
 * Argument types guessed from the shape of calldata nobody knows (@openchainxyz/abi-guesser, the
 * openchain viewer's guesser). The guesser brings ethers (~160 kB gzipped), so it is loaded on
 * demand: `loadGuesser()` once, after which `guessArguments` answers synchronously.
 */
import { decodeAbiParameters, parseAbiParameters, type AbiParameter, type Hex } from "viem";

type Guesser = typeof import("@openchainxyz/abi-guesser");
type GuessFn = Guesser["guessAbiEncodedData"];

let guessFn: GuessFn | null = null;
let loading: Promise<boolean> | null = null;

/** Loads the guesser (once); resolves false when it could not be loaded. */
export function loadGuesser(): Promise<boolean> {
  loading ??= import("@openchainxyz/abi-guesser").then(
    (mod: Partial<Guesser> & { default?: Partial<Guesser> }) => {
      const fn = mod.guessAbiEncodedData ?? mod.default?.guessAbiEncodedData;
      if (typeof fn !== "function") return false;
      guessFn = fn;
      return true;
    },
    () => {
      loading = null;
      return false;
    },
  );
  return loading;
}

export function guesserLoaded(): boolean {
  return guessFn !== null;
}

export interface GuessedArguments {
  params: readonly AbiParameter[];
  values: readonly unknown[];
}

/**
 * Types and values for calldata `0x` + selector + arguments, or null when the guesser is not
 * loaded, the data is shorter than a selector, or its arguments are not ABI-shaped.
 */
export function guessArguments(calldata: string): GuessedArguments | null {
  if (guessFn === null) return null;
  if (!/^0x(?:[0-9a-fA-F]{2}){4,}$/.test(calldata)) return null;
  const args = `0x${calldata.slice(10)}` as Hex;
  try {
    const guessed = guessFn(args);
    if (guessed === null) return null;
    if (guessed.length === 0) return { params: [], values: [] };
    const types = guessed.map((p) => p.format());
    const params = parseAbiParameters(types.join(", "));
    const values = decodeAbiParameters(params, args);
    return { params, values };
  } catch {
    return null;
  }
}
