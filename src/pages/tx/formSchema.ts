/**
 * The transaction form's zod schema (react-hook-form via zodResolver), over params.ts's one checker:
 * apart from it so a deep link's first request (early.ts) is built without zod.
 */
import { z } from "../../platform/zod";
import { checkValues, type TxLookup } from "./params";

const formShape = z.object({
  hash: z.string(),
  blockHash: z.string(),
  index: z.string(),
});

/** The form's schema (react-hook-form via zodResolver): the strings in, the checked lookup out. */
export const txFormSchema = z.pipe(
  formShape,
  z.transform((values, ctx): TxLookup => {
    const r = checkValues(values);
    if (!r.ok) {
      for (const [path, message] of Object.entries(r.errors))
        ctx.issues.push({ code: "custom", path: [path], message, input: values });
      return z.NEVER;
    }
    return r.lookup;
  }),
);
