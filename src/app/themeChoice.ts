/**
 * The theme kept on this device and its application to the page, without React: the first module
 * applies it before anything is painted (no light flash before a dark app), theme.ts on changes.
 */
import { readStorage, writeStorage } from "../platform/storage";

export type ThemeChoice = "system" | "light" | "dark";
const KEY = "nodescope.theme";

export const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The choice kept on this device ("system" when none). */
export function storedTheme(): ThemeChoice {
  const saved = readStorage("local", KEY);
  return saved === "light" || saved === "dark" ? saved : "system";
}

export function keepTheme(choice: ThemeChoice): void {
  writeStorage("local", KEY, choice === "system" ? null : choice);
}

/** Puts `choice` on the page: the `dark` class and the color scheme. */
export function applyTheme(choice: ThemeChoice): void {
  const dark =
    choice === "dark" ||
    (choice === "system" && (window.matchMedia?.(DARK_QUERY).matches ?? false));
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}
