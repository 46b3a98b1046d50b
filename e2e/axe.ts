/**
 * axe in both themes from one page: a test walks to its state once, then scans it in the light
 * theme and, switched from the header's Theme control as a user does, in the dark one. The walk
 * (page load, lookup, trace) is most of a test's time; the scans are what it proves.
 *
 * The dark theme changes colours only (every `dark:` class in src/ is a text, background, border,
 * fill or accent colour): the page's structure, names, roles and sizes are the light scan's. The
 * dark scan runs the rules that read colours (`DARK_RULES`), a third of a whole scan's time.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

export const THEMES = ["light", "dark"] as const;
/** axe's rules that read colours: what the dark theme can change (the header). */
const DARK_RULES = ["color-contrast", "link-in-text-block"] as const;
export type Theme = (typeof THEMES)[number];

/** Picks `theme` in the header and waits until the page wears it (the `dark` class on html). */
export async function pickTheme(page: Page, theme: Theme): Promise<void> {
  const control = page.getByLabel("Theme");
  await control.selectOption(theme);
  await expect(control).toHaveValue(theme);
  const html = page.locator("html");
  if (theme === "dark") await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

/**
 * axe's serious and critical violations on the page as it stands, a few nodes of each.
 *
 * In axe's legacy mode: one `axe.run` in the page. The default runs axe per frame and then opens a
 * second, blank page to put the parts together — 5.7–8.5 s a scan here against 2.8–3.5 s, with the
 * same violations, passes and incomplete results (measured on the activity page, three rounds).
 * What legacy mode gives up is scanning cross-origin iframes, and the app has none.
 */
export async function seriousViolations(page: Page, rules?: readonly string[]) {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (rules ? builder.withRules([...rules]) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
    }));
}

/**
 * Scans the page in the light theme, then in the dark one. Each theme's result is its own soft
 * assertion naming the theme (and `what`), so a light failure still scans and reports the dark.
 */
export async function expectNoSeriousViolationsInBothThemes(
  page: Page,
  what?: string,
): Promise<void> {
  // The pair was two tests with a time limit each; the second scan keeps its test's limit (a scan
  // is seconds, a minute on a loaded machine).
  const info = test.info();
  info.setTimeout(info.timeout + 60_000);
  for (const theme of THEMES) {
    await pickTheme(page, theme);
    expect
      .soft(
        await seriousViolations(page, theme === "dark" ? DARK_RULES : undefined),
        `${what ? `${what}, ` : ""}${theme} theme`,
      )
      .toEqual([]);
  }
}
