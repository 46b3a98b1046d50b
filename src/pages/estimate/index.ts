// The folder's public face: the app mounts the page; nothing else leaves the folder.
export { default } from "./Page";
