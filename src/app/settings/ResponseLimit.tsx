/**
 * Settings → Response size limit: the largest answer the client reads before it stops the
 * download. Self-contained (reads and writes the setting in ./limits), for a Settings panel.
 */
import { useState, type FormEvent } from "react";
import { Button, Field, groupedNumber } from "../../ui";
import { useStore } from "../../ui/store";
import {
  MAX_RESPONSE_LIMIT_MB,
  MIN_RESPONSE_LIMIT_MB,
  parseLimitMB,
  setResponseLimitMB,
  responseLimit,
} from "./limits";

/** The section's heading, as the advice of a too-large answer names it. */
export const RESPONSE_LIMIT_TITLE = "Response size limit";

export function ResponseLimit() {
  const limit = useStore(responseLimit);
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const shown = text ?? String(limit.mb);
  const parsed = parseLimitMB(shown);
  const error =
    parsed === null
      ? "A whole number of MB, e.g. 256"
      : parsed < MIN_RESPONSE_LIMIT_MB || parsed > MAX_RESPONSE_LIMIT_MB
        ? `Between ${MIN_RESPONSE_LIMIT_MB} and ${groupedNumber(MAX_RESPONSE_LIMIT_MB)} MB`
        : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed === null || error) return;
    const next = setResponseLimitMB(parsed);
    setText(null);
    setSaved(`Saved: answers up to ${groupedNumber(next.mb)} MB are read.`);
  };

  return (
    <section aria-labelledby="response-limit-title" className="flex flex-col gap-2">
      <h3 id="response-limit-title" className="text-sm font-semibold">
        {RESPONSE_LIMIT_TITLE}
      </h3>
      <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit} noValidate>
        <Field
          label="Largest answer read (MB)"
          name="responseLimitMB"
          inputMode="numeric"
          className="w-48"
          value={shown}
          error={text !== null ? error : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setSaved(null);
          }}
          hint={`This device's default: ${groupedNumber(limit.defaultMB)} MB${limit.custom ? "" : " (in use)"}. 100,000 logs are about 60 MB.`}
        />
        <Button type="submit" variant="primary" disabled={text === null || error !== undefined}>
          Save
        </Button>
        {limit.custom ? (
          <Button
            onClick={() => {
              const next = setResponseLimitMB(null);
              setText(null);
              setSaved(`Back to this device's default: ${groupedNumber(next.mb)} MB.`);
            }}
          >
            Use the default
          </Button>
        ) : null}
      </form>
      <p role="status" className="text-xs text-slate-700 dark:text-slate-300">
        {saved ?? ""}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        The client stops reading a larger answer and says so. A higher limit lets a provider without
        a result cap send more in one answer; the tab needs about twice the answer's size in memory
        to show it. Kept on this device.
      </p>
    </section>
  );
}
