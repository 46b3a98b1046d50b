/**
 * The logs table's exploration (filter, group, sorts, columns) and its filter as typed, kept in
 * the page's link one history step at a time; the filter text deferred into the query the table
 * filters by.
 */
import { afterPaint } from "../platform/schedule";
import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { defaultExplore, exploreToSearch, type Explore } from "./exploreParams";

/** How long typing must pause before the filter is a step in the history (Back). */
export const HISTORY_PAUSE_MS = 600;

function linkKey(e: Explore): string {
  return JSON.stringify(exploreToSearch(e));
}

/**
 * The exploration the table shows, started from the link (`linked`) and following it; every step
 * told to `onExplore`.
 */
export function useExploreLink(
  linked: Explore | undefined,
  onExplore: ((e: Explore) => void) | undefined,
) {
  const [explore, setExplore] = useState<Explore>(() => linked ?? defaultExplore());
  const { sort, group } = explore;
  const [filterText, setFilterText] = useState(explore.q);
  const typedRef = useRef(filterText);
  const changeFilter = useCallback((text: string) => {
    typedRef.current = text;
    setFilterText(text);
  }, []);
  // A change of Group by, sort or columns takes the filter as typed with it (a pause not yet
  // reached still counts as one step of its own: see the link writes below).
  const update = useCallback(
    (patch: Partial<Explore>) =>
      setExplore((e) => ({ ...e, q: typedRef.current.trim(), ...patch })),
    [],
  );
  // The page keeps the exploration in the link (the first state came from it), one history entry
  // per step, so Back steps back through the exploration: a change of Group by, sort or columns
  // at once; the filter once typing pauses (HISTORY_PAUSE_MS), not per keystroke. A link that
  // changes for another reason (Back, a link opened on this page) is followed; the table's own
  // writes coming back through the link are recognised and left alone.
  const sent = useRef(explore);
  const pending = useRef<string[]>([]);
  const qTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nowRef = useRef(false);
  const tell = useRef(onExplore);
  useEffect(() => {
    tell.current = onExplore;
  }, [onExplore]);
  const write = useCallback((steps: readonly Explore[]) => {
    for (const step of steps) {
      sent.current = step;
      pending.current = [...pending.current.slice(-7), linkKey(step)];
      tell.current?.(step);
    }
  }, []);
  useEffect(() => () => clearTimeout(qTimer.current), []);
  useEffect(() => {
    const prev = sent.current;
    clearTimeout(qTimer.current);
    if (linkKey(prev) === linkKey(explore)) return;
    const withQ = { ...prev, q: explore.q };
    const qChanged = linkKey(withQ) !== linkKey(prev);
    const othersChanged = linkKey(withQ) !== linkKey(explore);
    const immediate = nowRef.current;
    nowRef.current = false;
    if (!othersChanged && !immediate) {
      qTimer.current = setTimeout(() => write([explore]), HISTORY_PAUSE_MS);
      return;
    }
    // The link is written once the change has been painted: writing it re-renders the app, which
    // a grouped table or a sorted list should not wait for. A filter typed just before is a step
    // of its own, before this one.
    return afterPaint(() => write(qChanged && othersChanged ? [withQ, explore] : [explore]));
  }, [explore, write]);
  const [seenLink, setSeenLink] = useState(linked);
  // A new link is taken in during render, as a state kept from the last render is; the refs say
  // which links the table wrote itself. (In the table's component the compiler's checks skipped
  // this: the component uses the virtualizer.)
  /* eslint-disable react-hooks/refs -- read and written during render on purpose, see above */
  if (linked !== seenLink) {
    setSeenLink(linked);
    const key = linked ? linkKey(linked) : "";
    const at = pending.current.indexOf(key);
    if (at >= 0) pending.current = pending.current.slice(at + 1);
    else if (linked && key !== linkKey(explore)) {
      pending.current = [];
      clearTimeout(qTimer.current);
      sent.current = linked;
      setExplore(linked);
      typedRef.current = linked.q;
      setFilterText(linked.q);
    }
  }
  /* eslint-enable react-hooks/refs */
  /** The link of this view, written now (a pause in typing not waited for). */
  const flushLink = useCallback(() => {
    clearTimeout(qTimer.current);
    const current = { ...explore, q: filterText.trim() };
    if (linkKey(sent.current) !== linkKey(current)) write([current]);
  }, [explore, filterText, write]);

  // The filter runs on the text as typed, deferred (a keystroke is painted first) and not waiting
  // for a pause: its pass goes in slices a keystroke interrupts (useLogFilter), and the 50 ms
  // pause it used to wait for was half of issue 38's 100 ms for a filter typed.
  const typed = filterText.trim().toLowerCase();
  const query = useDeferredValue(typed);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once the deferred query takes it
    setExplore((e) => (e.q.trim().toLowerCase() === query ? e : { ...e, q: filterText.trim() }));
    // the text as typed goes to the link once the filter has taken it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);
  return {
    explore,
    setExplore,
    sort,
    group,
    filterText,
    setFilterText,
    typedRef,
    nowRef,
    changeFilter,
    update,
    flushLink,
    query,
  };
}
