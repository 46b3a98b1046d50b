/** How the trace views write a frame: type badges, clipped text (hex and gas: ui/basics). */

const TYPE_STYLES: Record<string, string> = {
  CALL: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  STATICCALL: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
  DELEGATECALL: "bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100",
  CALLCODE: "bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900 dark:text-fuchsia-100",
  CREATE: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  CREATE2: "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-100",
  SELFDESTRUCT: "bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-100",
};

/** The badge colours of a frame type (CALL, DELEGATECALL, …). */
export function typeStyle(type: string): string {
  return TYPE_STYLES[type] ?? "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100";
}

export function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
