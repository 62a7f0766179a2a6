// The marketing tools a company can connect (docs/api.md "The marketing tools Brazilian shops use"):
// their path names, the names a shop knows them by, and what each asks for. Shared by the API and
// the Integrações screen.
export const MARKETING_TOOLS = ["klaviyo", "brevo", "mailchimp", "activecampaign"] as const;
export type MarketingTool = (typeof MARKETING_TOOLS)[number];

export const TOOL_LABELS: Record<MarketingTool, string> = {
  klaviyo: "Klaviyo",
  brevo: "Brevo",
  mailchimp: "Mailchimp",
  activecampaign: "ActiveCampaign",
};

/** Where the shop finds its key, as each tool's own screens name it (docs/marketing.md). */
export const TOOL_KEY_HINTS: Record<MarketingTool, string> = {
  klaviyo:
    "No Klaviyo: Configurações → Chaves de API → Criar chave privada (acesso a Listas, Perfis, Eventos e Privacidade).",
  brevo: "Na Brevo: menu da conta → SMTP e API → Chaves de API → Gerar nova chave (xkeysib-...).",
  mailchimp: "No Mailchimp: Perfil → Extras → Chaves de API → Criar chave (termina com o data center, ex.: -us21).",
  activecampaign: "No ActiveCampaign: Configurações → Desenvolvedor: a URL da API e a chave.",
};

export const isMarketingTool = (v: string): v is MarketingTool => (MARKETING_TOOLS as readonly string[]).includes(v);
