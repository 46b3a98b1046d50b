export * from "./hex";
export * from "./units";
export * from "./signatures";
export * from "./registry";
export * from "./decode";
export * from "./tx-types";
export * from "./tokenMeta";
export * from "./sources";
