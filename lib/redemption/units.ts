// The counter and units (docs/decisions/units.md "Counter staff"): which spins an attendant may see
// and redeem, which unit a redemption records, and how little of the person the attendant sees.
import { forbidden } from "@/lib/errors";
import type { Spin } from "@/lib/generated/prisma/client";
import { maskWhatsapp } from "@/lib/redemption/hand-off";
import { spinDto, type SpinDto } from "@/lib/spins/dto";
import { can } from "@/lib/auth/permissions";
import type { SessionCtx } from "@/lib/auth/session";
import { assertCompanyUnits, listUnits } from "@/lib/units/service";
import { UNIT_MESSAGES } from "@/lib/copy/units";

/** Who stands at the counter: a session's role and units, or an API key (no role, no units). */
export interface CounterCaller {
  companyId: string;
  role?: string | null;
  unitIds?: string[];
}

/**
 * The units whose spins the caller may look up and redeem, or null for every spin of the company.
 * Only an attendant with units is held to them; a spin recorded with no unit (a link with no source
 * of a unit, or played before units existed) is every attendant's (lib/redemption/redeem.ts).
 */
export function counterUnits(caller: CounterCaller): string[] | null {
  return caller.role === "attendant" && caller.unitIds?.length ? caller.unitIds : null;
}

/**
 * The unit a redemption records: the one sent (it must be one of the caller's units, or, for a
 * caller with none, one of the company's), else the caller's only unit, else none.
 */
export async function redemptionUnit(caller: CounterCaller, requested?: string | null): Promise<string | null> {
  const own = caller.unitIds ?? [];
  if (requested) {
    if (own.length) {
      if (!own.includes(requested)) throw forbidden(UNIT_MESSAGES.notYours);
      return requested;
    }
    await assertCompanyUnits(caller, [requested]);
    return requested;
  }
  return own.length === 1 ? own[0] : null;
}

/** The counter's unit picker (docs/units.md "What the attendant sees"): the units the signed-in
 *  person may hand prizes over in, and whether "Sem unidade" is one of the choices. */
export interface CounterUnits {
  companyId: string;
  userId: string;
  units: { id: string; name: string }[];
  noneAllowed: boolean;
}

/**
 * What the counter offers, by the rule redemptionUnit enforces: a caller with units picks one of
 * them; a caller with none, any unit of the company. Only owner and admin may also record none (an
 * attendant or member with a choice to make makes it: otherwise the report "por unidade" misses it).
 */
export async function counterUnitChoices(ctx: SessionCtx): Promise<CounterUnits> {
  const own = ctx.unitIds ?? [];
  const { units } = await listUnits(ctx);
  return {
    companyId: ctx.companyId,
    userId: ctx.userId,
    units: units.filter((u) => !own.length || own.includes(u.id)).map((u) => ({ id: u.id, name: u.name })),
    // Those who manage the units may record a hand-over outside them.
    noneAllowed: !own.length && can(ctx.role, "manage_units"),
  };
}

/**
 * The spin as the counter shows it. An attendant sees the prize and just enough of the person to
 * hand it over: the first name and the masked WhatsApp; no e-mail, CPF, birth date or answers (the
 * same type, so the screens need no second shape).
 */
export function counterSpinDto(caller: CounterCaller, s: Spin): SpinDto {
  const dto = spinDto(s);
  if (caller.role !== "attendant") return dto;
  return {
    ...dto,
    customer_name: s.customerName.trim().split(/\s+/)[0] ?? "",
    whatsapp: maskWhatsapp(s.whatsapp),
    email: null,
    cpf: null,
    answers: [],
    customer_birthdate: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
  };
}
