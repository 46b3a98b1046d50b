export * from "./Button";
export * from "./Card";
export * from "./CopyButton";
export * from "./ErrorPanel";
export * from "./Field";
export * from "./download";
export * from "./JsonViewer";
export * from "./Hex";
