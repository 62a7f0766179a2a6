// A visitor's spin, decided on the server. Each database round trip costs the route throughput,
// so a spin makes as few as it can: one query reads the wheel, its campaign rules, its prizes and
// the plan's limit, and one statement writes, chosen by the wheel's draw mode (random, moments,
// counter: one strategy each); on a limited plan that statement also checks the month's spins. An
// Idempotency-Key costs no third: a repeat is recognised when its write or a refusal fails (below).
// The read is reused by this instance's spins of the next second (lib/spins/recent-wheels.ts), so
// under a crowd a spin is the write alone.
// See docs/decisions/spins.md "The spin in two round trips", docs/decisions/campaigns.md "Campaign
// rules", docs/decisions/billing.md "Plan limits under concurrent writes" and
// docs/decisions/performance.md "The wheel read once a second".
import { spinLimitError, spinQuotaOf } from "@/lib/billing/plan-limits";
import { campaignStatus, nextPlayAt, playWindow } from "@/lib/campaigns/schedule";
import { db } from "@/lib/db/client";
import { screenById } from "@/lib/devices/public";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import type { DrawMode } from "@/lib/validation/campaign";
import { PUBLIC_MESSAGES, type SpinInput } from "@/lib/validation/public";
import { spinAnswer } from "./answer";
import { drawCounter } from "./draw/counter";
import { drawMoment } from "./draw/moments";
import { drawRandom, soldOut } from "./draw/random";
import { IDEMPOTENCY_MESSAGES, requestHash, spinForKey, type Idempotency } from "./idempotency";
import { loadPublicWheel, type PublicWheel } from "./public-wheel";
import { readMark, recentWheel, rememberWheel } from "./recent-wheels";
import type { Lead } from "./draw/record";
import { replayAnswer } from "./replay";
import type { Outcome, SpinRun } from "./draw/strategy";
import type { SpinAnswer } from "./answer";
import { redeemUntilFor } from "./validity";
import { normalizePhone } from "@/lib/phone";
import { afterVerifiedSpin, assertVerified } from "@/lib/whatsapp/spin";
import { alreadyPlayedBy, visitorColumns, visitorConflict } from "./visitor";
import { recordExposure, spinExperiment } from "@/lib/experiments/public";

const STRATEGIES: Record<DrawMode, (run: SpinRun) => Promise<Outcome>> = {
  random: drawRandom,
  moments: drawMoment,
  counter: drawCounter,
};

type Wheel = PublicWheel["wheel"];

/** 409 for a WhatsApp that already played in this window, with the next window when there is one. */
export function alreadyPlayed(wheel: Wheel, now: Date) {
  const next = nextPlayAt(wheel, now);
  return new AppError("CONFLICT", PUBLIC_MESSAGES.duplicate, next ? { next_play_at: next.toISOString() } : undefined);
}

function assertOpen(wheel: Wheel, now: Date) {
  const status = campaignStatus(wheel, now);
  if (status === "scheduled") throw new AppError("NOT_STARTED", PUBLIC_MESSAGES.notStarted);
  if (status === "ended") throw new AppError("ENDED", PUBLIC_MESSAGES.ended);
}

/**
 * Draws and records a spin. With an Idempotency-Key, a repeat of the same request answers the first
 * spin's answer (`replayed`) and records nothing; see lib/spins/idempotency.ts.
 */
export async function spin(
  companySlug: string,
  wheelRef: string,
  input: SpinInput,
  ip: string,
  key: string | null = null,
  now = new Date(),
  device: SpinDevice | null = null,
) {
  const made =
    (await drawOnRecentRead(companySlug, wheelRef, input, ip, key, now, device)) ??
    (await draw(await freshRead(companySlug, wheelRef, now), input, ip, key, now, device));
  if ("replay" in made) return { answer: made.replay, replayed: true, wheelId: null };
  const { loaded, lead, outcome } = made;
  if (loaded.wheel.verifyContact) await afterVerifiedSpin(lead);
  // A spin counts its visitor's exposure when the loader's beacon did not (once per visitor).
  const x = lead.experiment;
  if (x) await recordExposure(lead.companyId, x.experimentId, x.visitorId, x.experimentArm);
  const recorded = {
    outcome,
    customerName: lead.customerName,
    whatsapp: lead.whatsapp,
    at: now,
    redeemUntil: lead.redeemUntil,
  };
  return { answer: spinAnswer(loaded, recorded), replayed: false, wheelId: loaded.wheel.id };
}

/** The totem or big screen a spin was made on (lib/devices/public.ts): recorded with the lead, with its unit. */
export interface SpinDevice {
  id: string;
  unitId: string | null;
}

type Drawn = { replay: SpinAnswer } | { loaded: PublicWheel; lead: Lead; outcome: Outcome };

/** The wheel read from the database, remembered for the next spins (lib/spins/recent-wheels.ts). */
async function freshRead(companySlug: string, wheelRef: string, now: Date) {
  const mark = readMark();
  const loaded = await loadPublicWheel(companySlug, wheelRef, now);
  rememberWheel(companySlug, wheelRef, loaded, mark, Date.now());
  return loaded;
}

/**
 * The spin drawn on this instance's read of the wheel from the last second, when there is one.
 * A refusal there may come from what changed since (the last unit, a paused wheel, a new form
 * field): null, and the caller draws again on a fresh read. The refused attempt wrote nothing.
 */
async function drawOnRecentRead(
  companySlug: string,
  wheelRef: string,
  input: SpinInput,
  ip: string,
  key: string | null,
  now: Date,
  device: SpinDevice | null,
): Promise<Drawn | null> {
  const recent = recentWheel(companySlug, wheelRef, Date.now());
  if (!recent) return null;
  try {
    return await draw(recent, input, ip, key, now, device);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/** Checks the visitor against the wheel as read, draws and records: the outcome, or the first spin's answer for a repeat. */
async function draw(
  loaded: PublicWheel,
  input: SpinInput,
  ip: string,
  key: string | null,
  now: Date,
  device: SpinDevice | null,
): Promise<Drawn> {
  const { company, wheel, maxSpinsMonth, prizes } = loaded;
  // A totem's spin names its totem; a phone that came from a big screen's QR, that screen (an
  // unrevoked screen of this wheel): the lead shows where it was played (docs/decisions/screens.md).
  const onDevice = device ?? (input.screen ? await screenById(wheel.id, input.screen) : null);
  // The e-mail, CPF and answers the wheel asks for (400 / DISPOSABLE_EMAIL before anything is written).
  const visitor = visitorColumns(wheel, input);
  const idem: Idempotency | null = key ? { key, hash: requestHash(input) } : null;
  const whatsapp = normalizePhone(input.whatsapp);
  const lead: Lead = {
    companyId: company.id,
    wheelId: wheel.id,
    wheelName: wheel.name,
    customerName: input.name,
    whatsapp,
    customerBirthdate: input.birthdate ? new Date(`${input.birthdate}T00:00:00Z`) : null,
    consentIp: ip.slice(0, 64),
    playWindow: playWindow(wheel, now),
    sourceKey: input.source,
    utmSource: input.utm_source,
    utmMedium: input.utm_medium,
    utmCampaign: input.utm_campaign,
    idempotencyKey: idem?.key ?? null,
    requestHash: idem?.hash ?? null,
    redeemUntil: redeemUntilFor(wheel.redeemWithinDays, now),
    quota: spinQuotaOf(maxSpinsMonth, now),
    visitor,
    deviceId: onDevice?.id ?? null,
    unitId: onDevice?.unitId ?? null,
    // Only a spin that names an experiment pays for it: one cached read (lib/experiments/public.ts).
    experiment: input.experiment ? await spinExperiment(company.id, input.experiment, input.visitor) : null,
  };
  try {
    assertOpen(wheel, now);
    // A wheel that asks for proof: this number's verified verification (docs/api.md "WhatsApp (issue 27)").
    if (wheel.verifyContact)
      await assertVerified({ companyId: company.id, wheelId: wheel.id }, whatsapp, input.verification_id, now);
    // No prize in stock: refused in every mode (never a lost spin on a sold-out wheel).
    if (!prizes.length) throw soldOut();
    return { loaded, lead, outcome: await STRATEGIES[wheel.drawMode]({ lead, wheel, prizes, now }) };
  } catch (caught) {
    const err = spinLimitError(caught, lead.quota);
    // A repeat of a request (same Idempotency-Key) is found here, so first attempts pay no lookup:
    // its write met the first spin on a unique index (waiting for it if simultaneous), or it was
    // refused (before writing, or by its write) because the stock, the period or the month's spins
    // ran out since.
    const first = idem && (isUniqueViolation(err) || err instanceof AppError) ? await spinForKey(wheel.id, idem) : null;
    if (first) return { replay: await replayAnswer(loaded, first) };
    if (idem && isUniqueViolation(err, "idempotencyKey"))
      throw new AppError("IDEMPOTENCY_IN_PROGRESS", IDEMPOTENCY_MESSAGES.inProgress);
    if (isUniqueViolation(err, "whatsapp")) throw alreadyPlayed(wheel, now);
    const byForm = visitorConflict(err, wheel, now);
    if (byForm) throw byForm;
    throw await duplicateFirst(err, lead, wheel, now);
  }
}

export type { SpinAnswer } from "./answer";

/**
 * A returning visitor hears 409 before any other refusal (period, monthly limit, sold out). The
 * unique index answers that on the write; a spin refused before the write looks the WhatsApp up
 * here, so only refusals pay for that query.
 */
async function duplicateFirst(refusal: unknown, lead: Lead, wheel: Wheel, now: Date): Promise<unknown> {
  if (!(refusal instanceof AppError)) return refusal;
  const seen = await playedBefore(lead, wheel);
  if (seen === "whatsapp") return alreadyPlayed(wheel, now);
  return seen ? alreadyPlayedBy(wheel, now) : refusal;
}

/**
 * Which key of one play per person already played in the lead's window: the WhatsApp, else the
 * CPF or the e-mail when the wheel counts them (the columns its partial unique indexes hold); the
 * two answer alike ("contact"), so the answer never tells which one matched.
 */
export async function playedBefore(
  lead: Pick<Lead, "wheelId" | "whatsapp" | "playWindow" | "visitor">,
  wheel: Wheel,
): Promise<"whatsapp" | "contact" | null> {
  const prisma = await db();
  const v = lead.visitor;
  const keys = [
    { whatsapp: lead.whatsapp },
    ...(wheel.uniqueBy.cpf && v?.cpfHash ? [{ cpfHash: v.cpfHash, onePerCpf: true }] : []),
    ...(wheel.uniqueBy.email && v?.emailKey ? [{ emailKey: v.emailKey, onePerEmail: true }] : []),
  ];
  const seen = await prisma.spin.findMany({
    where: { wheelId: lead.wheelId, playWindow: lead.playWindow, OR: keys },
    select: { whatsapp: true },
    take: 3,
  });
  if (seen.some((s) => s.whatsapp === lead.whatsapp)) return "whatsapp";
  return seen.length ? "contact" : null;
}
