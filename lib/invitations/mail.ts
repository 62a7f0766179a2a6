// The invitation e-mail, in text and HTML. The company's name is user-typed: it goes through
// lib/mail/user-text.ts so no client turns it into a link; the only link is the invitation's.
import type { Mail } from "@/lib/mail";
import { escapeHtml, mailHtml, mailText } from "@/lib/mail/user-text";

interface InvitationMail {
  to: string;
  companyName: string;
  /** The role's pt-BR label. */
  role: string;
  link: string;
}

export function invitationMail({ to, companyName, role, link }: InvitationMail): Mail {
  const name = mailText(companyName);
  const nameHtml = mailHtml(companyName);
  const href = escapeHtml(link);
  const closing =
    "Se você ainda não tem conta, poderá criá-la nesse link. O convite vale por 7 dias e só pode ser usado " +
    "uma vez. Se não esperava este convite, ignore este email.";
  return {
    to,
    subject: `Convite para a equipe de ${name}`,
    text:
      `Olá!\n\nVocê foi convidado para a equipe de ${name} na Roleta Premiada, como ${role}.\n\n` +
      `Para aceitar, acesse:\n${link}\n\n${closing}`,
    html:
      `<p>Olá!</p>\n<p>Você foi convidado para a equipe de <strong>${nameHtml}</strong> na Roleta Premiada, ` +
      `como ${escapeHtml(role)}.</p>\n<p><a href="${href}">Aceitar o convite</a></p>\n` +
      `<p>Se o link não abrir, copie este endereço no navegador:<br>${href}</p>\n<p>${escapeHtml(closing)}</p>\n`,
  };
}
