/** The masked form of a secret, for display: `••••` plus its last four characters. */
export function maskSecret(secret: string): string {
  return `••••${secret.slice(-4)}`;
}

/**
 * Replaces every occurrence of each secret (4+ characters; shorter ones would mask ordinary text)
 * with `••••` plus its last four characters. Longer secrets go first so a secret that contains
 * another is masked whole.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  const usable = secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of usable) {
    if (out.includes(secret)) out = out.split(secret).join(maskSecret(secret));
  }
  return out;
}

/** A deep copy of a JSON-like value with every string (and object key) masked. */
export function maskValue(value: unknown, secrets: readonly string[]): unknown {
  if (!secrets.some((s) => s.length >= 4)) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return maskSecrets(v, secrets);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) out[maskSecrets(k, secrets)] = walk(inner);
      return out;
    }
    return v;
  };
  return walk(value);
}

/**
 * Secrets to mask for one endpoint: the declared API keys plus any user name and password written
 * into the URL itself (`https://user:pass@host/`).
 */
export function endpointSecrets(url: string, declared: readonly string[] | undefined): string[] {
  const out = [...(declared ?? [])];
  try {
    const u = new URL(url);
    for (const part of [u.username, u.password]) {
      if (part) {
        out.push(part);
        try {
          const decoded = decodeURIComponent(part);
          if (decoded !== part) out.push(decoded);
        } catch {
          // A malformed escape stays as written; the raw form is already in the list.
        }
      }
    }
  } catch {
    // Not a URL: fetch will fail and say so; the declared secrets still apply.
  }
  return out.filter((s) => s.length >= 4);
}
