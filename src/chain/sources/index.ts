export * from "./types";
export * from "./sigdb";
export * from "./sourcify";
export * from "./cache";
export * from "./resolver";
export { loadGuesser, guesserLoaded, guessArguments, type GuessedArguments } from "./guess";
export * from "./proxy";
export * from "./sourceBundle";
