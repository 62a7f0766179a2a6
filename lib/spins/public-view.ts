// The public answer about a wheel (docs/api.md "Public play"): the campaign's state and rules, the
// prizes with their real share in random mode (null otherwise: prizes follow moments or a counter),
// and the "no prize" segment. Never stock numbers, nor a counter wheel's spin count.
import { campaignStatus } from "@/lib/campaigns/schedule";
import { themeDto } from "@/lib/campaigns/dto";
import { dayOf } from "@/lib/dates/format";
import { publicWheelPath } from "@/lib/wheels/public-url";
import { connectedAccount } from "@/lib/whatsapp/account";
import { probabilities, randomItems } from "./draw/weighted";
import { NO_PRIZE } from "./draw/no-prize";
import { loadPublicWheel, type PublicWheel } from "./public-wheel";

export function publicView({ company, wheel, prizes }: PublicWheel, now = new Date(), verifyByCode = false) {
  const random = wheel.drawMode === "random";
  const shares = new Map(
    probabilities(randomItems(prizes, wheel.noPrizeWeight, dayOf(now))).map((i) => [i.id, i.probability]),
  );
  return {
    wheel: {
      id: wheel.id,
      name: wheel.name,
      slug: wheel.slug,
      // A counter wheel's count tells a visitor when the next winning number comes up.
      total_spins: wheel.drawMode === "counter" ? null : wheel.spinCount,
      company_name: company.name,
      company_phone: company.phone,
      status: campaignStatus(wheel, now),
      starts_at: wheel.startsAt ? wheel.startsAt.toISOString() : null,
      ends_at: wheel.endsAt ? wheel.endsAt.toISOString() : null,
      draw_mode: wheel.drawMode,
      // How the draw is revealed; the server decides the result before any game shows it.
      game: wheel.game,
      authorization_number: wheel.authorizationNumber,
      theme: themeDto(wheel),
      rules_url: `${publicWheelPath(company.slug, wheel.slug)}/regulamento`,
      // The visitor proves the WhatsApp number before the spin (docs/api.md "WhatsApp (issue 27)").
      verify_contact: wheel.verifyContact ? ("whatsapp" as const) : ("none" as const),
      // The 6-digit code is offered only when the shop named its code template (issue 38): without
      // one, "Prefiro receber um código" would lead nowhere.
      verify_by_code: wheel.verifyContact && verifyByCode,
      // The CPF's hint promises one play per CPF only where the wheel counts it (issue 38).
      one_play_per_cpf: wheel.uniqueBy.cpf,
    },
    products: prizes.map(({ id, name, image_url }) => ({
      id,
      name,
      probability: random ? (shares.get(id) ?? 0) : null,
      image_url,
    })),
    no_prize:
      random && wheel.noPrizeWeight === 0
        ? null
        : { label: wheel.noPrizeLabel, probability: random ? (shares.get(NO_PRIZE) ?? 0) : null },
    stats: { has_available_prizes: prizes.length > 0, available_products: prizes.length },
    // What the form asks besides name and WhatsApp (docs/api.md "The visitor's form (issue 28)").
    form: wheel.form,
  };
}

/** onLoaded: told the wheel's company (the public page's shared render is forgotten on its writes). */
export async function publicWheelView(
  companySlug: string,
  wheelRef: string,
  now = new Date(),
  onLoaded?: (companyId: string) => void,
) {
  const loaded = await loadPublicWheel(companySlug, wheelRef, now);
  onLoaded?.(loaded.company.id);
  // Asked apart from the spin's query (which never needs it), and only on wheels that verify.
  const account = loaded.wheel.verifyContact ? await connectedAccount({ companyId: loaded.company.id }) : null;
  return publicView(loaded, now, !!account?.codeTemplate);
}

export type PublicWheelView = ReturnType<typeof publicView>;
