import { maskSecret } from "../rpc";

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * A cURL command for a logged request. Records hold the masked URL; the key is put back only
 * when the user explicitly reveals it (`secret` given), and only where its mask stands.
 */
export function toCurl(maskedUrl: string, body: unknown, secret?: string): string {
  let url = maskedUrl;
  if (secret && secret.length >= 4) url = url.split(maskSecret(secret)).join(secret);
  return [
    `curl -sS -X POST ${shellQuote(url)}`,
    `  -H 'Content-Type: application/json'`,
    `  --data ${shellQuote(JSON.stringify(body))}`,
  ].join(" \\\n");
}
