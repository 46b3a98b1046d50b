// The folder's public face: the app mounts the page. Besides it, only `early.ts` (the first
// request of a deep link, found by app/boot.ts) and `prestart.ts` (main.tsx starts the Worker)
// are used from outside the folder.
export { default } from "./Page";
