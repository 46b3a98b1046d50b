import type { EventKind } from "./kinds";
import { queryProblem } from "./termCheck";

/**
 * Why the grouped table has no group, said in the order it is true: a filter term that can match
 * nothing as typed (what is wrong with it), a filter that matched no log, logs of several events
 * for an argument's grouping, else no logs at all.
 */
export function emptyGroupsText(p: {
  query: string;
  filterText: string;
  matched: number;
  group: string;
  kind: Pick<EventKind, "name"> | null;
  keyLabel: string;
}): string {
  const problem = p.query !== "" ? queryProblem(p.query) : null;
  if (problem !== null) return `Nothing to group: ${problem}`;
  if (p.query !== "" && p.matched === 0)
    return `Nothing to group: no log in this result matches “${p.filterText.trim()}”.`;
  if (p.group.startsWith("arg:") && p.kind === null)
    return `The logs shown are of several events: narrow them to one (e.g. event=Transfer, or the Event facet) to group by its argument ${p.group.slice(4)}.`;
  return `No logs to group by ${p.keyLabel}.`;
}
