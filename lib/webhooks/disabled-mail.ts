// The e-mail to a company's owners when one of their webhook endpoints was turned off for failing.
// The URL and the name were typed by users: shown, never linked (lib/mail/user-text.ts).
import { log } from "@/lib/log";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail";
import { mailText } from "@/lib/mail/user-text";

export async function tellOwnersEndpointDisabled(scope: TenantScope, url: string): Promise<void> {
  const t = await tenantDb(scope);
  const owners = await t.membership.findMany({
    where: { role: "owner" },
    select: { user: { select: { email: true } }, company: { select: { name: true } } },
  });
  for (const owner of owners) {
    await sendMail({
      to: owner.user.email,
      subject: `Webhook desativado: ${mailText(url)}`,
      text:
        `Olá!\n\nO endpoint de webhook ${mailText(url)} da empresa ${mailText(owner.company.name)} falhou em todas as ` +
        `entregas dos últimos 3 dias e foi desativado. Os eventos novos não serão enviados a ele.\n\n` +
        `Corrija o endpoint e reative-o em ${env().APP_URL}/admin/integrations ` +
        `(as entregas pendentes serão retomadas).`,
    }).catch((err) => log().error({ err }, "could not e-mail the owner about a disabled endpoint"));
  }
}
