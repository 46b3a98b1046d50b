// The folder's second page (route.ts: `compare`): two runs side by side. It lives here because
// it is the dry run's link, block pin and call tree set beside a transaction's (useSideRun.ts).
export { default } from "./compare/ComparePage";
