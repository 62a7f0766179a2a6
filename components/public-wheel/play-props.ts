// The play steps' props from a wheel's public view: one place for the public page, the embed and
// the totem, so what a wheel shows (its game, its form) reaches every one of them alike.
import type { ComponentProps } from "react";
import { CONSENT_TEXT, CPF_HINT, CPF_HINT_ONE_PLAY } from "@/lib/copy/public-form";
import { GAME_INFINITIVES } from "@/lib/games/names";
import type { PublicWheelView } from "@/lib/spins/public-view";
import type { Attribution } from "@/lib/sources/attribution";
import { todayIso } from "@/lib/validation/public-rules";
import type { Play } from "./play";
import { wheelSlices } from "./slices";

export function playPropsOf(
  view: PublicWheelView,
  companySlug: string,
  attribution?: Attribution,
): ComponentProps<typeof Play> {
  const { wheel } = view;
  const { slices, note } = wheelSlices(view);
  return {
    companySlug,
    wheelSlug: wheel.slug,
    wheelName: wheel.name,
    totalSpins: wheel.total_spins,
    maxBirthdate: todayIso(),
    prizeCount: view.stats.available_products,
    slices,
    sliceNote: note,
    attribution,
    companyPhone: wheel.company_phone,
    verifyContact: wheel.verify_contact === "whatsapp",
    verifyByCode: wheel.verify_by_code,
    cpfHint: wheel.one_play_per_cpf ? CPF_HINT_ONE_PLAY : CPF_HINT,
    consentText: CONSENT_TEXT,
    form: view.form,
    game: wheel.game,
    gameAction: GAME_INFINITIVES[wheel.game],
    logoUrl: wheel.theme.logo_url,
  };
}
