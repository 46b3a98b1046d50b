import { useEffect, useState } from "react";
import { readStorage, writeStorage } from "../platform/storage";

export type ThemeChoice = "system" | "light" | "dark";
const KEY = "nodescope.theme";

function systemDark(): boolean {
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
}

export function useTheme(): [ThemeChoice, (t: ThemeChoice) => void] {
  const [choice, setChoice] = useState<ThemeChoice>(() => {
    const saved = readStorage("local", KEY);
    return saved === "light" || saved === "dark" ? saved : "system";
  });
  useEffect(() => {
    const apply = () => {
      const dark = choice === "dark" || (choice === "system" && systemDark());
      document.documentElement.classList.toggle("dark", dark);
      document.documentElement.style.colorScheme = dark ? "dark" : "light";
    };
    apply();
    writeStorage("local", KEY, choice === "system" ? null : choice);
    const mq = window.matchMedia?.("(prefers-color-scheme: dark)");
    mq?.addEventListener("change", apply);
    return () => mq?.removeEventListener("change", apply);
  }, [choice]);
  return [choice, setChoice];
}
