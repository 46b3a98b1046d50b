// The page's public face: the app mounts the address route (the page with its activity section).
export { default } from "./Route";
