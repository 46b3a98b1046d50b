/**
 * The address page's form ↔ link: `#/address?address=0x…&block=…` (`block` a number, decimal or
 * hex, or a tag; `latest` when left out). Checked with zod before anything is sent.
 */
import { z } from "../../platform/zod";
import { checkAddress, parseBlockInput } from "../../chain";

export const formSchema = z.object({
  address: z.string().check(
    z.superRefine((v, ctx) => {
      const r = checkAddress(v.trim());
      if (!r.ok) ctx.addIssue({ code: "custom", message: r.message });
    }),
  ),
  block: z.string().check(
    z.superRefine((v, ctx) => {
      const r = parseBlockInput(v);
      if (!r.ok)
        ctx.addIssue({
          code: "custom",
          message:
            r.problem === "too-large"
              ? "That block number is too large."
              : "A block number (decimal or 0x hex) or a tag: latest, safe, finalized, earliest, pending.",
        });
    }),
  ),
});
export type AddressFormValues = z.infer<typeof formSchema>;

export interface AddressRequest {
  /** Checksummed. */
  address: string;
  /** What eth_getBlockByNumber is asked for: a tag or a 0x number. */
  block: string;
}

/** The link's request, or why it is not one (null problems when the link names no address). */
export function fromSearch(search: URLSearchParams): {
  values: AddressFormValues;
  request: AddressRequest | null;
  problem: string | null;
} {
  const values = { address: search.get("address") ?? "", block: search.get("block") ?? "" };
  if (values.address.trim() === "") return { values, request: null, problem: null };
  const parsed = formSchema.safeParse(values);
  if (!parsed.success)
    return { values, request: null, problem: parsed.error.issues[0]?.message ?? "Not valid." };
  return { values, request: toRequest(values), problem: null };
}

export function toRequest(values: AddressFormValues): AddressRequest | null {
  const a = checkAddress(values.address.trim());
  const b = parseBlockInput(values.block);
  if (!a.ok || !b.ok) return null;
  const block =
    b.value === null
      ? "latest"
      : typeof b.value === "bigint"
        ? `0x${b.value.toString(16)}`
        : b.value;
  return { address: a.value, block };
}

export function toSearch(values: AddressFormValues): Record<string, string | undefined> {
  const r = toRequest(values);
  return {
    address: r?.address ?? values.address.trim(),
    block: r && r.block !== "latest" ? values.block.trim() : undefined,
  };
}
