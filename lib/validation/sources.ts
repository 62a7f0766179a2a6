// A wheel's sources (docs/api.md "Sources and attribution"): the name an admin gives a placement, and the
// attribution a visitor's spin carries (the source key from ?s= and the page's utm_* parameters).
import { z } from "./z";
import { SOURCE_MESSAGES } from "@/lib/copy/sources";

export const SOURCE_NAME_MAX = 60;
export const UTM_MAX = 100;

export const sourceInput = z.object({
  name: z
    .string({ error: SOURCE_MESSAGES.nameRequired })
    .trim()
    .min(1, SOURCE_MESSAGES.nameRequired)
    .max(SOURCE_NAME_MAX, SOURCE_MESSAGES.nameTooLong),
  // The unit the placement is in (docs/api.md "Units and counter staff"): its spins are the unit's.
  unit_id: z.string({ error: "Unidade inválida" }).uuid("Unidade inválida").optional().nullable(),
});

export type SourceInput = z.infer<typeof sourceInput>;

/**
 * Attribution on the public spin. The page sends what its URL carried, cut to 100 characters, so a
 * visitor never loses a spin to a long link; a key that names no source of the wheel is ignored.
 */
const utm = (name: string) =>
  z.string().trim().max(UTM_MAX, `${name} deve ter no máximo 100 caracteres`).optional().nullable();

export const attributionInput = z.object({
  source: z.string().trim().max(UTM_MAX, "Origem inválida").optional().nullable(),
  utm_source: utm("utm_source"),
  utm_medium: utm("utm_medium"),
  utm_campaign: utm("utm_campaign"),
});

export type AttributionInput = z.infer<typeof attributionInput>;

export const posterQuery = z.object({
  format: z.enum(["a4", "a5"], { error: "Formato inválido: use a4 ou a5" }).default("a4"),
});

/** The page-view beacon's body: the source key of the page's URL, if any. */
export const viewInput = z.object({ source: attributionInput.shape.source });

/** A source as the API answers it (documents GET/POST /wheels/{id}/sources in /api/openapi.json). */
export const sourceAnswer = z
  .object({
    id: z.uuid(),
    name: z.string().max(SOURCE_NAME_MAX),
    key: z.string().regex(/^[A-Za-z0-9_-]{6,12}$/),
    url: z.url(),
    unit_id: z.uuid().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Source" });
