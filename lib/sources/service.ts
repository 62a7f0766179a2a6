// A wheel's sources: list, create, delete, each bound to the caller's company (another company's
// wheel or source is not found). A source's URL is the wheel's public URL with ?s={key}.
import "server-only";
import type { SessionCtx } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { tenantDb } from "@/lib/db/tenant";
import { notFound } from "@/lib/errors";
import { type SourceInput } from "@/lib/validation/sources";
import { SOURCE_MESSAGES } from "@/lib/copy/sources";
import { publicWheelUrl } from "@/lib/wheels/public-url";
import { assertCompanyUnit } from "@/lib/units/service";
import { getWheel } from "@/lib/wheels/service";
import { newSourceKey } from "./key";

interface SourceRow {
  id: string;
  name: string;
  key: string;
  unitId: string | null;
  createdAt: Date;
}

export function sourceUrl(wheelUrl: string, key: string) {
  return `${wheelUrl}?s=${encodeURIComponent(key)}`;
}

async function wheelUrlOf(ctx: SessionCtx, wheelId: string) {
  const wheel = await getWheel(ctx, wheelId);
  const company = await (
    await db()
  ).company.findUniqueOrThrow({ where: { id: ctx.companyId }, select: { slug: true } });
  return { wheel, url: publicWheelUrl(company.slug, wheel.slug) };
}

const dto = (wheelUrl: string) => (s: SourceRow) => ({
  id: s.id,
  name: s.name,
  key: s.key,
  url: sourceUrl(wheelUrl, s.key),
  unit_id: s.unitId,
  created_at: s.createdAt.toISOString(),
});

export type SourceDto = ReturnType<ReturnType<typeof dto>>;

export async function listSources(ctx: SessionCtx, wheelId: string) {
  const { url } = await wheelUrlOf(ctx, wheelId);
  const t = await tenantDb(ctx);
  const rows = await t.wheelSource.findMany({ where: { wheelId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { sources: rows.map(dto(url)) };
}

/** Creates a source with a fresh key (a collision within the wheel draws again). */
export async function createSource(ctx: SessionCtx, wheelId: string, input: SourceInput) {
  const { url } = await wheelUrlOf(ctx, wheelId);
  // Another company's unit is refused like an unknown one (400).
  const unitId = await assertCompanyUnit(ctx, input.unit_id);
  const t = await tenantDb(ctx);
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await t.wheelSource.create({
        data: { companyId: ctx.companyId, wheelId, name: input.name, key: newSourceKey(), unitId },
      });
      return { source: dto(url)(row) };
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, "key")) throw err;
    }
  }
}

export async function getSource(ctx: SessionCtx, wheelId: string, sourceId: string) {
  const { url, wheel } = await wheelUrlOf(ctx, wheelId);
  const t = await tenantDb(ctx);
  const row = await t.wheelSource.findFirst({ where: { id: sourceId, wheelId } });
  if (!row) throw notFound(SOURCE_MESSAGES.notFound);
  return { wheel, source: dto(url)(row) };
}

/** Deletes the source; its leads keep their source id and name (snapshots). */
export async function deleteSource(ctx: SessionCtx, wheelId: string, sourceId: string) {
  await getSource(ctx, wheelId, sourceId);
  const t = await tenantDb(ctx);
  await t.wheelSource.deleteMany({ where: { id: sourceId, wheelId } });
  return { message: SOURCE_MESSAGES.removed };
}
