export * from "./layout";
export * from "./sourceMap";
export * from "./storageNames";
