import { z } from "zod/mini";

/** The form's storage check and the operator's probes (docs/operating.md, "Health and readiness"). */

export const storageStatusSchema = z.object({ ok: z.boolean(), bucket: z.string(), message: z.string() });

export const livenessStatusSchema = z.object({ ok: z.literal(true) });

export const healthStatusSchema = z.object({
  ok: z.boolean(),
  database: z.object({ ok: z.boolean(), kind: z.enum(["pglite", "postgres"]), message: z.optional(z.string()) }),
  storage: z.object({ ok: z.boolean(), message: z.optional(z.string()) }),
});
