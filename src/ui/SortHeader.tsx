import { Fragment, useId } from "react";
/** A sortable table column header: a button that sorts by the column, `aria-sort` saying how. */
export interface SortState<K extends string> {
  key: K;
  desc: boolean;
}

export function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  align = "left",
  firstDesc = false,
}: {
  column: K;
  label: string;
  sort: SortState<K>;
  onSort: (next: SortState<K>) => void;
  align?: "left" | "right";
  /** Sort this column descending on the first click (numbers where the largest matter most). */
  firstDesc?: boolean;
}) {
  const active = sort.key === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.desc ? "descending" : "ascending") : "none"}
      className={`px-2 py-1 font-semibold ${align === "right" ? "text-right" : "text-left"}`}
    >
      <button
        type="button"
        className="hover:underline"
        onClick={() => onSort({ key: column, desc: active ? !sort.desc : firstDesc })}
      >
        {label}
        {active ? (sort.desc ? " ↓" : " ↑") : ""}
      </button>
    </th>
  );
}

/**
 * A row of onward links, named for screen readers ("This transaction in other views"). A link's
 * description (what following it means) is its accessible description and its tooltip.
 */
export function LinkNav({
  label,
  links,
}: {
  label: string;
  links: readonly { label: string; href: string; description?: string }[];
}) {
  const ids = useId();
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap gap-3 text-xs">
      {links.map((l, i) => (
        <Fragment key={l.label}>
          <a
            href={l.href}
            title={l.description}
            aria-describedby={l.description ? `${ids}-${i}` : undefined}
            className="text-indigo-800 underline dark:text-indigo-300"
          >
            {l.label}
          </a>
          {l.description ? (
            <span id={`${ids}-${i}`} hidden>
              {l.description}
            </span>
          ) : null}
        </Fragment>
      ))}
    </nav>
  );
}
