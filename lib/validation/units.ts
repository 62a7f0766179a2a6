// Units ("Unidades", docs/api.md "Units and counter staff"): a shop's branches, stands or rooms.
import { UNIT_MESSAGES as m } from "@/lib/copy/units";
import { z } from "./z";

export const UNIT_NAME_MAX = 60;
export const UNIT_SLUG_MAX = 50;
export const UNIT_IDS_MAX = 50;

export const unitId = z.string({ error: m.invalid }).uuid(m.invalid);

export const unitInput = z.object({
  name: z.string({ error: m.nameRequired }).trim().min(1, m.nameRequired).max(UNIT_NAME_MAX, m.nameTooLong),
  slug: z
    .string({ error: m.slugRequired })
    .trim()
    .toLowerCase()
    .min(1, m.slugRequired)
    .max(UNIT_SLUG_MAX, m.slugTooLong)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, m.slugFormat),
  address: z
    .string()
    .trim()
    .max(255, m.addressTooLong)
    .optional()
    .nullable()
    .transform((s) => s || null),
});

/** The units a staff member works in (none = every unit); repeated ids count once. */
export const unitIds = z
  .array(unitId, { error: m.invalid })
  .max(UNIT_IDS_MAX, m.tooMany)
  .transform((ids) => [...new Set(ids)]);

export type UnitInput = z.infer<typeof unitInput>;

/** A unit as the API answers it (documents /units in /api/openapi.json). */
export const unitAnswer = z
  .object({ id: z.uuid(), name: z.string(), slug: z.string(), address: z.string().nullable() })
  .meta({ id: "Unit" });
