export * from "./methods";
export * from "./presets";
export * from "./devnetInfo";
export * from "./persist";
export * from "./initial";
export * from "./override";
export * from "./keys";
