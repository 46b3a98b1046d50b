export * from "./methods";
export * from "./mask";
export * from "./presets";
export * from "./persist";
