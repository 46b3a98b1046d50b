// The folder's public face: the app mounts the page. Besides it, only `worker/spawn.ts` (main.tsx
// opens the trace Worker on a trace link) is used from outside the folder.
export { default } from "./Page";
