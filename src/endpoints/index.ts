export * from "./methods";
export * from "./presets";
export * from "./persist";
export * from "./initial";
export * from "./keys";
