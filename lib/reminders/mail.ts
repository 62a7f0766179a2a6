// The winner's two e-mails (docs/api.md "The prize by e-mail", "Reminders before the prize
// expires"): the prize right after the win, and a reminder before it expires. Plain pt-BR, one
// column, inline styles only (mail clients drop <style> and external CSS), a text version beside
// the HTML. Names a company or a visitor typed go through mailText / mailHtml (no link we seem to
// vouch for); links are ours (the claim page, the opt-out page) or the shop's coupon link.
import type { Mail } from "@/lib/mail";
import { escapeHtml, mailHtml, mailText } from "@/lib/mail/user-text";

export interface PrizeMailData {
  to: string;
  companyName: string;
  wheelName: string;
  firstName: string;
  prize: string;
  code: string;
  /** "10/12/2026", or null when the prize never expires. */
  validUntil: string | null;
  claimUrl: string;
  /** The shop's coupon link with the code filled in ("Usar meu cupom"), when the wheel has one. */
  couponUrl: string | null;
  /** The opt-out page of this prize's reminders, when the wheel sends reminders. */
  optOutUrl: string | null;
}

const BRAND = "#6d28d9";

function button(href: string, label: string, solid: boolean) {
  const style = solid
    ? `background:${BRAND};color:#ffffff;border:2px solid ${BRAND}`
    : `background:#ffffff;color:${BRAND};border:2px solid ${BRAND}`;
  return `<a href="${escapeHtml(href)}" style="display:inline-block;margin:6px 4px;padding:12px 22px;border-radius:10px;font-weight:bold;text-decoration:none;${style}">${escapeHtml(label)}</a>`;
}

function layout(d: PrizeMailData, heading: string, lead: string): string {
  const validity = d.validUntil ? `Válido até <strong>${escapeHtml(d.validUntil)}</strong>` : "Sem prazo de validade";
  const buttons = [
    d.couponUrl ? button(d.couponUrl, "Usar meu cupom", true) : "",
    button(d.claimUrl, "Ver meu prêmio", !d.couponUrl),
  ].join("");
  const optOut = d.optOutUrl
    ? `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">Não quer receber lembretes deste prêmio? <a href="${escapeHtml(d.optOutUrl)}" style="color:#6b7280">Parar lembretes</a>.</p>`
    : "";
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:28px 24px;text-align:center">
<tr><td>
<p style="margin:0 0 8px;font-size:13px;font-weight:bold;color:${BRAND}">${mailHtml(d.companyName)}</p>
<h1 style="margin:0 0 8px;font-size:24px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px;font-size:15px;color:#374151">${lead}</p>
<p style="margin:0 0 4px;font-size:13px;color:#6b7280">Seu prêmio</p>
<p style="margin:0 0 16px;font-size:22px;font-weight:bold;color:${BRAND}">${mailHtml(d.prize)}</p>
<p style="margin:0 0 4px;font-size:13px;color:#6b7280">Código de resgate</p>
<p style="margin:0 0 12px;font-family:'Courier New',monospace;font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(d.code)}</p>
<p style="margin:0 0 16px;font-size:14px;color:#374151">${validity}</p>
<div>${buttons}</div>
<p style="margin:16px 0 0;font-size:13px;color:#6b7280">Mostre o código no balcão ou use-o na loja on-line.</p>
${optOut}
</td></tr></table>
<p style="margin:12px 0 0;font-size:11px;color:#9ca3af">Você recebeu este e-mail porque participou da ${mailHtml(d.wheelName)}.</p>
</td></tr></table>
</body></html>`;
}

function textBody(d: PrizeMailData, first: string): string {
  return [
    first,
    "",
    `Prêmio: ${mailText(d.prize)}`,
    `Código de resgate: ${d.code}`,
    d.validUntil ? `Válido até ${d.validUntil}.` : "Sem prazo de validade.",
    "",
    ...(d.couponUrl ? [`Usar meu cupom: ${d.couponUrl}`] : []),
    `Ver meu prêmio: ${d.claimUrl}`,
    "",
    "Mostre o código no balcão ou use-o na loja on-line.",
    ...(d.optOutUrl ? ["", `Não quer receber lembretes deste prêmio? ${d.optOutUrl}`] : []),
    "",
    `— ${mailText(d.companyName)}`,
  ].join("\n");
}

export function prizeMail(d: PrizeMailData): Mail {
  const name = mailText(d.firstName);
  return {
    to: d.to,
    subject: `Seu prêmio: ${mailText(d.prize)} — ${mailText(d.companyName)}`,
    text: textBody(d, `Parabéns, ${name}! Você ganhou na ${mailText(d.wheelName)}.`),
    html: layout(d, `Parabéns, ${name}!`, `Você ganhou na ${mailHtml(d.wheelName)}.`),
  };
}

/** "amanhã", "em 3 dias". */
export const daysLeftText = (days: number) => (days === 1 ? "amanhã" : `em ${days} dias`);

export function reminderMail(d: PrizeMailData & { daysLeft: number }): Mail {
  const name = mailText(d.firstName);
  const when = daysLeftText(d.daysLeft);
  return {
    to: d.to,
    subject: `Seu prêmio vence ${when}: ${mailText(d.prize)} — ${mailText(d.companyName)}`,
    text: textBody(d, `Olá, ${name}! Seu prêmio da ${mailText(d.wheelName)} vence ${when}. Não deixe passar.`),
    html: layout(
      d,
      `Seu prêmio vence ${when}`,
      `Olá, ${escapeHtml(name)}! Seu prêmio da ${mailHtml(d.wheelName)} ainda está esperando por você.`,
    ),
  };
}
