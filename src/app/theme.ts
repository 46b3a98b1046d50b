import { useEffect, useState } from "react";
import { applyTheme, DARK_QUERY, keepTheme, storedTheme, type ThemeChoice } from "./themeChoice";

export type { ThemeChoice };

export function useTheme(): [ThemeChoice, (t: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(storedTheme);
  useEffect(() => {
    const apply = () => applyTheme(choice);
    apply();
    keepTheme(choice);
    const mq = window.matchMedia?.(DARK_QUERY);
    mq?.addEventListener("change", apply);
    return () => mq?.removeEventListener("change", apply);
  }, [choice]);
  return [choice, setChoice];
}
