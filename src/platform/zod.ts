/**
 * The one zod every module imports: zod's tree-shakable "mini" build, with its English messages.
 * Classic zod's chained methods keep its whole schema library in every bundle that uses one
 * schema (40.7 KB gzip of the first visit); the mini build's functions keep only what is used.
 * The English locale is set here, once, before any schema parses: the mini build has none by
 * default, and the node's malformed answers are explained with zod's messages.
 */
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";

z.config(en());

export { z };
