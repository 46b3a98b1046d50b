/**
 * The logs form's zod schema (react-hook-form via zodResolver), over params.ts's one checker:
 * apart from it so a deep link's first request (pages/logs/early.ts) is built without zod.
 */
import { z } from "../platform/zod";
import { checkValues, type LogFilter } from "./params";

const formShape = z.object({
  fromBlock: z.string(),
  toBlock: z.string(),
  blockHash: z.string(),
  addresses: z.array(z.object({ value: z.string() })),
  topics: z.array(z.string()),
});

/** The form's zod schema: strings in, a validated LogFilter out (issues land on their fields). */
export const logsFormSchema = z.pipe(
  formShape,
  z.transform((values, ctx): LogFilter => {
    const r = checkValues(values);
    if (!r.ok) {
      for (const issue of r.issues)
        ctx.issues.push({
          code: "custom",
          path: [...issue.path],
          message: issue.message,
          input: values,
        });
      return z.NEVER;
    }
    return r.filter;
  }),
);
