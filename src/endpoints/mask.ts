/** Masks a secret for display: `••••` plus its last four characters. */
export function maskSecret(secret: string): string {
  return `••••${secret.slice(-4)}`;
}

/** Replaces every occurrence of each secret (4+ characters) in `text` with its masked form. */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    out = out.split(secret).join(maskSecret(secret));
  }
  return out;
}
