// The write of a spin. Each draw mode writes in ONE statement (a data-modifying CTE, atomic
// without the round trips of BEGIN/COMMIT): it takes what the spin wins (a unit of stock, a
// winning moment, a place in the counter), bumps the wheel's counter and inserts the lead, or
// keeps nothing at all. The unique indexes refuse a repeated WhatsApp in the same play window or a
// colliding redemption code, and then nothing of the statement is kept. The insert fires two
// statement-level triggers inside the same statement (docs/api.md "What a spin write fires"):
// "Spin_insert_enqueues_webhooks" (lead.created deliveries, migration 20261124040000) and then
// "Spin_insert_figures" (day rollups, contacts, the company's counters and spinsVersion, migration
// 20261124060000, which dropped the older "Spin_insert_bumps_version"). On a plan with a monthly limit, the statement first takes the spin's place in
// the month (quota below), before it locks any row. The statements are prepared once per
// connection (lib/db/prepared.ts) and, on Postgres, go straight to the driver (lib/db/driver-query.ts).
import { randomUUID } from "node:crypto";
import { takeSpinQuota, type SpinQuota } from "@/lib/billing/plan-limits";
import { hotQuery } from "@/lib/db/driver-query";
import { isUniqueViolation } from "@/lib/db/errors";
import { prepared } from "@/lib/db/prepared";
import { Prisma } from "@/lib/generated/prisma/client";
import { newRedemptionCode } from "./redemption-code";
import type { SpinExperiment } from "@/lib/experiments/public";

/** Version of the consent text shown on the form; stored with every lead as proof. */
export const CONSENT_VERSION = "2026-11-v1";

export interface Lead {
  companyId: string;
  wheelId: string;
  wheelName: string;
  customerName: string;
  whatsapp: string;
  customerBirthdate: Date | null;
  consentIp: string;
  /** The play window of the spin (lib/campaigns/schedule.ts), part of the one-play unique key. */
  playWindow: number;
  /** Attribution: the key of one of the wheel's sources (?s=; an unknown key records no source). */
  sourceKey?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  /** The request's Idempotency-Key and body hash (lib/spins/idempotency.ts); null without a key. */
  idempotencyKey: string | null;
  requestHash: string | null;
  /** The end of the code's validity (lib/spins/validity.ts), kept on lost spins too but never shown. */
  redeemUntil: Date | null;
  /** The plan's monthly spins, checked by the write itself; null on an unlimited plan. */
  quota: SpinQuota | null;
  /** The visitor's form (lib/spins/visitor.ts): absent or null when the wheel asked none. */
  visitor?: VisitorColumns | null;
  /** The totem the spin was made on (lib/devices/public.ts) and its unit. */
  deviceId?: string | null;
  /**
   * The unit the spin is recorded in when the caller knows it (a totem device's unit); else the
   * source's unit, looked up in the statement (docs/decisions/units.md "Units").
   */
  unitId?: string | null;
  /** The experiment's arm the visitor played in (lib/experiments/public.ts), when the loader named one. */
  experiment?: SpinExperiment | null;
}

/** What a spin keeps of the visitor's form (docs/api.md "The visitor's form (issue 28)"). */
export interface VisitorColumns {
  /** Lower-cased, as typed. */
  email: string | null;
  /** What one play per e-mail compares (lib/spins/contact-keys.ts emailKey). */
  emailKey: string | null;
  /** HMAC of the CPF (lib/security/cpf.ts) and its last two digits. */
  cpfHash: string | null;
  cpfLast2: string | null;
  /** [{ id, label, value }], the question's wording kept with the answer. */
  answers: { id: string; label: string; value: string }[] | null;
  /** The wheel allows one play per CPF / e-mail: the partial unique indexes then hold the row. */
  onePerCpf: boolean;
  onePerEmail: boolean;
}

/** What a statement returns when it recorded the lead (nothing when it kept nothing). */
export interface Recorded {
  productId: string | null;
  productName: string | null;
  spinNumber: number;
  /** The code the statement took from the product's pool (lib/spins/draw/product-codes.ts), when it took one. */
  code?: string | null;
}

const COLUMNS = Prisma.raw(
  `(id, "companyId", "wheelId", "wheelName", "customerName", whatsapp, "customerBirthdate", "consentAt",
    "consentVersion", "consentIp", "createdAt", "playWindow", "sourceId", "sourceName", "utmSource", "utmMedium",
    "utmCampaign", "idempotencyKey", "requestHash", "redeemUntil", email, "cpfHash", "cpfLast2", answers, "onePerCpf",
    "onePerEmail", "emailKey", "deviceId", "unitId", "experimentId", "experimentKey", "experimentArm", "visitorId", "productId", "productName", won, "redemptionCode", "spinNumber")`,
);

/** The source named by the key, looked up inside the statement (no extra round trip). */
const sourceColumn = (
  lead: Lead,
  column: "id" | "name" | "unitId",
) => Prisma.sql`(SELECT ws.${Prisma.raw(`"${column}"`)}
  FROM "WheelSource" ws WHERE ws."wheelId" = ${lead.wheelId} AND ws.key = ${lead.sourceKey ?? null}::varchar)`;

/** `INSERT INTO "Spin" (...) SELECT <the lead's values>`: the statement adds the outcome's five. */
export function insertLead(lead: Lead, at: Date, id: string = randomUUID()): Prisma.Sql {
  const v = lead.visitor;
  const x = lead.experiment;
  return Prisma.sql`INSERT INTO "Spin" ${COLUMNS}
    SELECT ${id}, ${lead.companyId}, ${lead.wheelId}, ${lead.wheelName}, ${lead.customerName},
           ${lead.whatsapp}, ${lead.customerBirthdate}, ${at}, ${CONSENT_VERSION}, ${lead.consentIp}, ${at},
           ${lead.playWindow}, ${sourceColumn(lead, "id")}, ${sourceColumn(lead, "name")},
           ${lead.utmSource ?? null}::varchar, ${lead.utmMedium ?? null}::varchar, ${lead.utmCampaign ?? null}::varchar,
           ${lead.idempotencyKey}, ${lead.requestHash}, ${lead.redeemUntil},
           ${v?.email ?? null}::varchar, ${v?.cpfHash ?? null}::varchar, ${v?.cpfLast2 ?? null}::varchar,
           ${v?.answers ? JSON.stringify(v.answers) : null}::jsonb, ${v?.onePerCpf ?? false}::boolean, ${v?.onePerEmail ?? false}::boolean,
           ${v?.emailKey ?? null}::varchar, ${lead.deviceId ?? null}::text, COALESCE(${lead.unitId ?? null}::text, ${sourceColumn(lead, "unitId")}),
           ${x?.experimentId ?? null}::text, ${x?.experimentKey ?? null}::varchar, ${x?.experimentArm ?? null}::varchar,
           ${x?.visitorId ?? null}::varchar`;
}

export const RETURNING = Prisma.raw(`RETURNING "productId", "productName", "spinNumber"`);

/**
 * `quota AS (...),`, the first CTE of a limited plan's spin: its place in the month, or the whole
 * statement fails (lib/billing/plan-limits.ts spinLimitError makes that the 402). Empty on an
 * unlimited plan, whose statement is unchanged.
 */
export const quota = (lead: Lead) =>
  lead.quota ? Prisma.sql`quota AS (${takeSpinQuota(lead.companyId, lead.quota)}),` : Prisma.empty;

/**
 * The condition that makes a CTE wait for the quota: every CTE that locks a row has it, so a spin
 * waits for the company's lock holding no row lock (the other order could deadlock).
 */
export const afterQuota = (lead: Lead) => (lead.quota ? Prisma.sql`AND EXISTS (SELECT 1 FROM quota)` : Prisma.empty);

/** The wheel's counter, taken in the statement: `counted."spinCount"` is this spin's number. */
export const countSpin = (lead: Lead, when: Prisma.Sql = Prisma.empty) => Prisma.sql`
  UPDATE "Wheel" SET "spinCount" = "spinCount" + 1
  WHERE id = ${lead.wheelId} AND "companyId" = ${lead.companyId} ${when} ${afterQuota(lead)}
  RETURNING "spinCount"`;

export async function runSpinStatement(sql: Prisma.Sql): Promise<Recorded | null> {
  const rows = await hotQuery<Recorded>(prepared(sql));
  return rows[0] ?? null;
}

/** A lost spin: a lead like any other, counted, with no product and no code. */
export function recordLost(lead: Lead, at: Date) {
  return runSpinStatement(Prisma.sql`
    WITH ${quota(lead)} counted AS (${countSpin(lead)})
    ${insertLead(lead, at)}, NULL, NULL, false, NULL, counted."spinCount"
    FROM counted
    ${RETURNING}`);
}

/**
 * Runs a winning spin's statement with a new redemption code, and again with another while the
 * drawn one collides with a code of the company (the unique index refused the whole statement):
 * the one collision retry of every draw mode. At 32^8 codes a second try is already rare.
 */
export async function withFreshCode<T>(attempt: (code: string) => Promise<T>, tries = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt(newRedemptionCode());
    } catch (err) {
      if (i >= tries || !isUniqueViolation(err, "redemptionCode")) throw err;
    }
  }
}
