// The page's public face: the app mounts it. Two runs side by side (Page.tsx).
export { default } from "./Page";
