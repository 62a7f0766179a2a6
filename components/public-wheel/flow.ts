// What happens after 'Começar': the form's checks (with their pt-BR messages and the CPF's check
// digits), the eligibility call and the spin request with its retries. Not in the public page's
// first load: play.tsx fetches this module once the page is hydrated (the visitor is still filling
// in the form), and awaits it at 'Começar' should a slow phone not have it yet.
import { api, errorText, FetchError } from "@/lib/swr/fetcher";
import { PUBLIC_MESSAGES as M } from "@/lib/copy/public-rules";
import type { Attribution } from "@/lib/sources/attribution";
import type { SpinAnswer } from "@/lib/spins/answer";
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";
import { sendSpin } from "@/lib/swr/spin-request";
import { parseLastPrize, type LastPrize } from "@/lib/redemption/last-prize";
import { storageGet, storageSet } from "@/lib/ui/safe-storage";
import { spinFormErrors, type SpinForm, type VisitorFormConfig } from "@/lib/validation/public-rules";
import { ANSWER, type Entered } from "./entered";
import { rotationFor, type Segment } from "./segments";

export { newIdempotencyKey } from "@/lib/swr/spin-request";
export { buildSegments } from "./segments";

/** The last prize this phone won on the wheel (localStorage); none where the browser blocks
 *  storage (the embed's frame on a shop's site, issue 49). */
export const lastPrize = (storageKey: string): LastPrize | null => parseLastPrize(storageGet(storageKey));

/** The form's fields as they are in the DOM (typed or ticked before or after hydration alike). */
export function readForm(form: HTMLFormElement): Entered {
  // The text inputs are always in the form; the box is there only when ticked.
  const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
  const answers: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) if (k.startsWith(ANSWER)) answers[k.slice(ANSWER.length)] = v;
  return {
    name: data.name,
    whatsapp: data.whatsapp,
    birthdate: data.birthdate,
    email: data.email,
    cpf: data.cpf,
    answers,
    consent: !!data.consent,
  };
}

/** A refusal to show: the text above the form and each field's own message. */
export interface Refusal {
  error: string;
  fields: Record<string, string>;
}

/** Each field's first problem, in the form's order (empty when the form may be sent). */
export const formErrors = (form: SpinForm, config: VisitorFormConfig) => spinFormErrors(form, config);

/** What the server's answer (or its absence) tells the visitor. */
export function refusalOf(err: unknown): Refusal {
  return { error: errorText(err, M.spinError), fields: err instanceof FetchError ? (err.fields ?? {}) : {} };
}

/**
 * The server's refusal of the number, e-mail or CPF before the wheel (a returning number hears it
 * here, not after pressing GIRAR); null to go on. Only the server's refusal stops the visitor: a
 * lost answer leaves the decision to the spin.
 */
export async function eligibilityRefusal(
  wheelPath: string,
  form: Pick<SpinForm, "whatsapp" | "email" | "cpf">,
  device?: string,
): Promise<Refusal | null> {
  try {
    await api(`${wheelPath}/eligibility`, {
      method: "POST",
      body: { whatsapp: form.whatsapp, email: form.email || undefined, cpf: form.cpf || undefined, device },
    });
  } catch (err) {
    if (err instanceof FetchError && err.status >= 400 && err.status < 500) return refusalOf(err);
  }
  return null;
}

function rememberPrize(storageKey: string, res: SpinAnswer) {
  if (!res.prize || !res.redemption_code || !res.claim_url) return;
  // Refused in private mode, with a full storage or in a frame whose storage is blocked: the code is
  // on screen and in the WhatsApp hand-off.
  storageSet(
    storageKey,
    JSON.stringify({ claim_url: res.claim_url, prize: res.prize.name, code: res.redemption_code }),
  );
}

/**
 * The spin: what the visitor entered, sent with the submission's Idempotency-Key (retried with it
 * when the answer is lost); a won prize is remembered on the phone ("Ver meu prêmio" on coming
 * back), and its image starts loading while the wheel turns, so it is there with the result.
 */
export async function playSpin({
  wheelPath,
  entered,
  verificationId,
  attribution,
  key,
  storageKey,
  onRetry,
  device,
}: {
  wheelPath: string;
  entered: Entered;
  verificationId: string | null;
  attribution?: Attribution;
  key: string;
  /** Null on a shared totem: the next person must not see this one's prize. */
  storageKey: string | null;
  onRetry: () => void;
  /** A totem's token or the big screen the visitor came from (docs/api.md "The totem and the big screen"). */
  device?: { device?: string; screen?: string };
}): Promise<SpinAnswer> {
  const res = await sendSpin({
    path: `${wheelPath}/spin`,
    body: {
      name: entered.name,
      whatsapp: entered.whatsapp,
      birthdate: entered.birthdate || undefined,
      email: entered.email || undefined,
      cpf: entered.cpf || undefined,
      answers: Object.keys(entered.answers).length ? entered.answers : undefined,
      consent: entered.consent,
      ...(verificationId && { verification_id: verificationId }),
      ...attribution,
      ...device,
    },
    key,
    onRetry,
    // A totem keeps trying for about a minute: its visitor is standing in front of it.
    tries: device?.device ? TOTEM_TRIES : undefined,
  });
  if (storageKey) rememberPrize(storageKey, res);
  if (res.prize?.image_url) new Image().src = res.prize.image_url;
  return res;
}

const TOTEM_TRIES = 40;

/** The wheel's rotation that lands on the drawn segment (the "no prize" one when nothing was won). */
export const rotationTo = (segments: Segment[], res: SpinAnswer, current: number) =>
  rotationFor(segments, res.prize?.id ?? NO_PRIZE, current, Math.random());
