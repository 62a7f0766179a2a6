"use client";
// Integrações (owner and admin): one section per outside service a shop connects. Each section is its
// own component in components/integrations/ and loads its own data.
import { useAdmin } from "@/components/admin/admin-context";
import { ApiKeysSection } from "@/components/integrations/api-keys-section";
import { MarketingSection } from "@/components/integrations/marketing-section";
import { RdStationSection } from "@/components/integrations/rdstation-section";
import { StoresSection } from "@/components/integrations/stores-section";
import { WebhooksSection } from "@/components/integrations/webhooks-section";
import { WhatsappSection } from "@/components/integrations/whatsapp-section";
import { Card, PageHeader } from "@/components/ui/misc";
import { can } from "@/lib/auth/permissions";
import { WEBHOOK_MESSAGES } from "@/lib/copy/webhooks";

export default function IntegrationsPage() {
  const { user: me } = useAdmin();
  if (!can(me.role, "manage_integrations")) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold text-gray-900">Acesso negado</h1>
        <p className="mt-2 text-gray-700">{WEBHOOK_MESSAGES.noAccess}</p>
      </Card>
    );
  }

  return (
    <>
      <PageHeader title="Integrações" description="Conecte a roleta às ferramentas que a sua loja já usa." />
      <div className="space-y-10">
        <WebhooksSection />
        <StoresSection />
        <WhatsappSection />
        <RdStationSection />
        <MarketingSection />
        {can(me.role, "manage_api_keys") && <ApiKeysSection />}
      </div>
    </>
  );
}
