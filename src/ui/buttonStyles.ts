/**
 * The app's button looks (ui/basics/Button.tsx), as classes: the first paint draws its buttons
 * with them too (app/firstPaint/controls.ts, no React). No React.
 */
export type ButtonVariant = "primary" | "secondary" | "danger";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-slate-400",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

/** A button's classes: its size and weight, and its variant's colours. */
export function buttonClass(variant: ButtonVariant = "secondary"): string {
  return `rounded px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed ${VARIANTS[variant]}`;
}
