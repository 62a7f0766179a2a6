// Whether a WhatsApp may still play on a wheel, asked at 'Começar' before the visitor sees the
// wheel (docs/api.md "The prize is never lost (issue 13)"): the 409 a spin would get, or eligible. It records
// nothing; the route shares the spin's per-address rate limit, so it cannot list who played.
// With the visitor's form (docs/api.md "The visitor's form (issue 28)"), the e-mail and CPF sent are
// asked the same: a disposable e-mail's 400, and the 409 of one play per CPF / e-mail, one message
// for both (a CPF look-up otherwise), another country's number on a Brazilian wheel 400.
import { playWindow } from "@/lib/campaigns/schedule";
import { protectCpf } from "@/lib/security/cpf";
import type { SpinInput } from "@/lib/validation/public";
import { loadPublicWheel } from "./public-wheel";
import { alreadyPlayed, playedBefore } from "./spin";
import { alreadyPlayedBy, assertEmailKept } from "./visitor";
import { assertPhoneAccepted, emailKey } from "./contact-keys";
import { normalizePhone } from "@/lib/phone";

export async function eligibility(
  companySlug: string,
  wheelRef: string,
  whatsapp: string,
  now = new Date(),
  contact: Pick<SpinInput, "email" | "cpf"> = {},
) {
  const { wheel } = await loadPublicWheel(companySlug, wheelRef, now);
  const number = normalizePhone(whatsapp);
  assertPhoneAccepted(wheel, number);
  assertEmailKept(wheel, contact);
  const email = wheel.form.fields.email !== "off" ? (contact.email ?? null) : null;
  const cpf = wheel.form.fields.cpf !== "off" && contact.cpf ? protectCpf(contact.cpf) : null;
  const visitor = { email, emailKey: email && emailKey(email), cpfHash: cpf?.hash ?? null, cpfLast2: null };
  const seen = await playedBefore(
    {
      wheelId: wheel.id,
      whatsapp: number,
      playWindow: playWindow(wheel, now),
      visitor: { ...visitor, answers: null, onePerCpf: true, onePerEmail: true },
    },
    wheel,
  );
  if (seen === "whatsapp") throw alreadyPlayed(wheel, now);
  if (seen) throw alreadyPlayedBy(wheel, now);
  return { eligible: true as const };
}
