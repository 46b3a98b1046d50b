export * from "./methods";
export * from "./presets";
export * from "./persist";
