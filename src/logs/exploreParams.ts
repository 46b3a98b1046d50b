/**
 * The exploration of a result (filter text, group by, sorts, hidden columns, min/max) in the
 * route's search params beside the log filter's own (params.ts), so a shared link opens the same
 * view: `q=<filter text>&group=arg:to&sort=arg:value:desc&gsort=count:desc&hide=time,args&minmax=1`.
 * Defaults are left out of the link. Like params.ts: `exploreFromSearch` (URL → state) and
 * `exploreToSearch` (state → the params to write).
 */
import type { GroupSort } from "./groups";
import type { SortState } from "./sort";

export interface Explore {
  q: string;
  group: string;
  sort: SortState;
  groupSort: GroupSort;
  /** Hidden columns: base column ids and `arg:<name>`. */
  hide: readonly string[];
  /** The grouped table shows each numeric argument's min and max beside its sum. */
  minMax: boolean;
}

export const EXPLORE_PARAMS = ["q", "group", "sort", "gsort", "hide", "minmax"] as const;

export const defaultExplore = (): Explore => ({
  q: "",
  group: "none",
  sort: { key: "block", dir: "asc" },
  groupSort: { key: "count", dir: "desc" },
  hide: [],
  minMax: false,
});

function dirOf(s: string | undefined): "asc" | "desc" | null {
  return s === "asc" || s === "desc" ? s : null;
}

/** `block:asc`, `logIndex:desc`, `arg:value:desc`. */
function parseSort(s: string | null): SortState | null {
  if (!s) return null;
  const parts = s.split(":");
  const dir = dirOf(parts[parts.length - 1]);
  if (dir === null) return null;
  const key = parts.slice(0, -1).join(":");
  if (key === "block" || key === "logIndex") return { key, dir };
  if (/^arg:.+/.test(key)) return { key: key as `arg:${string}`, dir };
  return null;
}

function parseGroupSort(s: string | null): GroupSort | null {
  if (!s) return null;
  const parts = s.split(":");
  const dir = dirOf(parts[parts.length - 1]);
  const key = parts.slice(0, -1).join(":");
  if (dir === null) return null;
  if (key === "key" || key === "count") return { key, dir };
  if (/^sum:\d+$/.test(key)) return { key: key as `sum:${number}`, dir };
  return null;
}

export function exploreFromSearch(search: URLSearchParams): Explore {
  const d = defaultExplore();
  const hide = search.get("hide");
  return {
    q: search.get("q") ?? d.q,
    group: search.get("group") || d.group,
    sort: parseSort(search.get("sort")) ?? d.sort,
    groupSort: parseGroupSort(search.get("gsort")) ?? d.groupSort,
    hide: hide ? hide.split(",").filter((h) => h !== "") : d.hide,
    minMax: search.get("minmax") === "1",
  };
}

/** The explore params of a link (undefined: the default, left out). */
export function exploreToSearch(
  e: Explore,
): Record<(typeof EXPLORE_PARAMS)[number], string | undefined> {
  const d = defaultExplore();
  const sort = `${e.sort.key}:${e.sort.dir}`;
  const gsort = `${e.groupSort.key}:${e.groupSort.dir}`;
  return {
    q: e.q.trim() || undefined,
    group: e.group === d.group ? undefined : e.group,
    sort: sort === `${d.sort.key}:${d.sort.dir}` ? undefined : sort,
    gsort: gsort === `${d.groupSort.key}:${d.groupSort.dir}` ? undefined : gsort,
    hide: e.hide.length ? e.hide.join(",") : undefined,
    minmax: e.minMax ? "1" : undefined,
  };
}

/** The link's params without the exploration's: what decides the request. */
export function withoutExplore(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams(search);
  for (const k of EXPLORE_PARAMS) out.delete(k);
  return out;
}
