// The answers of the API's writes as the browser sees them (JSON: dates are ISO strings), for
// lib/swr/writes.ts and the screens. Plain types with no server import, so a browser module never
// reaches a service, not even for a type. tests/unit/api-types.test.ts holds each one equal to what
// its service returns, so a service that changes its answer fails the typecheck until this follows.

export type Role = "owner" | "admin" | "member" | "attendant";
export type WheelStatus = "draft" | "active";
export type DrawMode = "random" | "moments" | "counter";
export type SubscriptionStatus = "active" | "trial" | "past_due" | "cancelled" | "expired";
export type RedemptionStatus = "redeemed" | "expired" | "pending" | "none";
export type WebhookEvent = "lead.created" | "prize.redeemed";
export type CodeSource = "generated" | "pool" | "store";
/** How a wheel's draw is revealed (docs/api.md "Games on the same draw"). */
export type Game = "wheel" | "scratch" | "gift";

export interface StoreCouponAnswer {
  store_id: string;
  type: "percentage" | "fixed" | "free_shipping";
  value: number;
  valid_days: number;
  min_order: number | null;
}

export interface ProductAnswer {
  id: string;
  name: string;
  description: string;
  image_url: string | null;
  stock: number;
  weight: number;
  is_active: boolean;
  code_source: CodeSource;
  store_coupon: StoreCouponAnswer | null;
  created_at: string;
  updated_at: string;
}

export type FieldMode = "off" | "optional" | "required";
export type UniqueKey = "whatsapp" | "cpf" | "email";

export interface FormQuestionAnswer {
  id: string;
  label: string;
  type: "text" | "select";
  options?: string[];
  required: boolean;
}

/** A wheel's reminders before a prize expires (docs/api.md "Reminders before the prize expires"). */
export interface RemindersAnswer {
  enabled: boolean;
  days_before: number[];
  channels: ("whatsapp" | "email")[];
}

export interface LeadReminderAnswer {
  at: string;
  channel: "whatsapp" | "email";
  status: "scheduled" | "sent" | "cancelled" | "failed";
}

/** A wheel in the list: with its prizes' count and whether an active one ran out (issue 38). */
export interface WheelListAnswer extends WheelAnswer {
  prize_count: number;
  sold_out: boolean;
}

export interface WheelAnswer {
  reminders: RemindersAnswer;
  /** The totem's reset time and whether a staff PIN guards leaving it (docs/api.md "The totem and the big screen"). */
  kiosk_reset_seconds: number;
  kiosk_pin_set: boolean;
  verify_contact: "none" | "whatsapp";
  fields: { email: FieldMode; cpf: FieldMode };
  questions: FormQuestionAnswer[];
  unique_by: UniqueKey[];
  foreign_numbers: boolean;
  embed_origins: string[];
  /** Sites refused by embed_origins that tried to show the wheel, newest first (docs/api.md). */
  embed_refused_origins: { origin: string; at: string }[];
  coupon_url: string | null;
  starts_at: string | null;
  ends_at: string | null;
  draw_mode: DrawMode;
  no_prize_weight: number;
  no_prize_label: string;
  replay_after_days: number | null;
  redeem_within_days: number | null;
  authorization_number: string | null;
  rules_text: string | null;
  theme: { primary_color: string; preset: string; logo_url: string | null };
  id: string;
  name: string;
  slug: string;
  status: WheelStatus;
  created_at: string;
  updated_at: string;
  total_spins: number;
  game: Game;
}

export interface WheelProductAnswer extends ProductAnswer {
  odds_weight: number;
  daily_limit: number | null;
  win_every: number | null;
}

export interface SourceAnswer {
  id: string;
  name: string;
  key: string;
  url: string;
  unit_id: string | null;
  created_at: string;
}

export interface UnitAnswer {
  id: string;
  name: string;
  slug: string;
  address: string | null;
}

export interface UserAnswer {
  id: string;
  name: string;
  email: string;
  role: Role;
  unit_ids: string[];
  created_at: string;
  last_login_at: string | null;
}

export interface InvitationAnswer {
  id: string;
  email: string;
  role: Role;
  unit_ids: string[];
  expires_at: string;
}

/** The session answer of sign-up, invitation sign-up and company switch. */
export interface SessionAnswer {
  token: string;
  user: {
    id: string;
    name: string;
    email: string;
    role: string;
    company_id: string;
    company_name: string;
    company_slug: string;
    subscription_name: string;
  };
  company: {
    id: string;
    name: string;
    slug: string;
    email: string | null;
    phone: string | null;
    subscription_name: string;
    created_at: string;
    updated_at: string;
  };
}

export interface PlanUsage {
  current: number;
  limit: number;
  unlimited: boolean;
  percentage: number;
}

export interface CompanyAnswer {
  id: string;
  name: string;
  slug: string;
  email: string | null;
  contact_email: string | null;
  phone: string | null;
  legal_name: string | null;
  cnpj: string | null;
  subscription_name: string;
  created_at: string;
  updated_at: string;
  plan: { id: string; name: string; pricing: { yearly: number; monthly: number } };
  subscription: {
    plan_id: string;
    status: SubscriptionStatus;
    starts_at: string;
    ends_at: string | null;
    buyer_email: string | null;
    cancelled_at: string | null;
  } | null;
  usage: { wheels: PlanUsage; products: PlanUsage; spins_month: PlanUsage };
}

export interface ProfileAnswer {
  id: string;
  name: string;
  email: string;
  role: Role;
  company_id: string;
  company_name: string;
  company_slug: string;
  created_at: string;
}

/** How a prize was redeemed (docs/api.md "Redemptions (issue 39)"). */
export interface RedemptionAnswer {
  channel: "counter" | "store" | "api";
  at: string;
  unit_id: string | null;
  by_user_id: string | null;
  /** `refunded_at`: when the store reported the order cancelled or refunded (its money is out of the reports). */
  order: { id: string; total_cents: number | null; currency: string | null; refunded_at: string | null } | null;
}

export interface SpinAnswer {
  id: string;
  customer_name: string;
  whatsapp: string;
  email: string | null;
  /** Masked: "***.***.***-12". */
  cpf: string | null;
  answers: { question_id: string; question: string; answer: string }[];
  customer_birthdate: string | null;
  wheel_id: string;
  wheel_name: string;
  product_id: string | null;
  product_name: string | null;
  has_won: boolean;
  created_at: string;
  redemption_code: string | null;
  redeemed_at: string | null;
  redemption: RedemptionAnswer | null;
  source_id: string | null;
  source_name: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** The totem or big screen it was played on (WheelDevice id), null for a plain link. */
  device_id: string | null;
  /** The experiment and arm it was played in (docs/api.md "Experiments"), null outside one. */
  experiment: { key: string; arm: string } | null;
  redeem_until: string | null;
  redemption_status: RedemptionStatus;
  whatsapp_verified: boolean;
  message_status: "queued" | "sent" | "delivered" | "read" | "failed" | null;
}

/** A lead in the lead lists: the spin and its reminders (docs/api.md "Reminders before the prize expires"). */
export interface LeadAnswer extends SpinAnswer {
  reminders: LeadReminderAnswer[];
  /** The device's name and kind (a revoked device still names its leads). */
  device_name: string | null;
  device_kind: "totem" | "screen" | null;
}

export interface WebhookEndpointAnswer {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  enabled: boolean;
  disabled_at: string | null;
  created_at: string;
}

export interface WebhookDeliveryAnswer {
  id: string;
  event: string;
  status: string;
  attempts: number;
  response_status: number | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  erased_at: string | null;
  last_error: string | null;
  last_response: string | null;
}

/** Each write's answer, by the name of the function in lib/swr/writes.ts. */
/** An experiment (docs/api.md "Experiments (issue 52)"). */
export interface ExperimentAnswer {
  id: string;
  key: string;
  name: string;
  status: "draft" | "running" | "stopped";
  started_at: string | null;
  stopped_at: string | null;
  arms: { key: string; name: string; wheel_id: string | null; weight: number }[];
  primary_metric: "revenue_per_visitor" | "profit_per_visitor" | "leads_per_visitor" | "redemptions_per_visitor";
  attribution_days: number;
  min_visitors_per_arm: number;
  snippet: string;
}

/** An experiment's results: per arm figures, P(best), against the holdout, SRM, verdict. */
export interface ExperimentResultsAnswer {
  status: "draft" | "running" | "stopped";
  visitors_total: number;
  srm: { p_value: number; alarm: boolean };
  verdict: "collecting" | "no_difference" | "winner";
  winner_arm: string | null;
  needed_visitors: number | null;
  arms: {
    key: string;
    name: string;
    visitors: number;
    plays: number;
    leads: number;
    wins: number;
    redemptions: number;
    orders: number;
    revenue_cents: number;
    discount_cents: number;
    revenue_per_visitor_cents: number;
    profit_per_visitor_cents: number;
    leads_per_visitor: number;
    redemptions_per_visitor: number;
    p_best: number;
    vs_holdout: { uplift: number; interval95: [number, number]; p_better: number } | null;
  }[];
}

export interface WriteAnswers {
  createProduct: { product: ProductAnswer };
  updateProduct: { product: ProductAnswer };
  createWheel: { wheel: WheelAnswer; products?: WheelProductAnswer[] };
  updateWheel: { wheel: WheelAnswer; products?: WheelProductAnswer[] };
  saveWheelProducts: { products: WheelProductAnswer[] };
  createSource: { source: SourceAnswer };
  createUser: { user: UserAnswer };
  updateUser: { user: UserAnswer };
  createInvitation: { invitation: InvitationAnswer };
  cancelInvitation: { message: "Convite cancelado" };
  acceptInvitation: {
    message: "Convite aceito! Você agora faz parte da equipe.";
    company: { role: Role; name: string; id: string; slug: string };
  };
  registerFromInvitation: SessionAnswer;
  updateCompany: { company: CompanyAnswer };
  upgrade: { message: string; next_steps: string; checkout_url: string };
  cancel: { message: string; notice: string };
  updateProfile: { user: ProfileAnswer };
  changePassword: { message: "Senha alterada com sucesso!" };
  signup: SessionAnswer;
  forgotPassword: { message: "Se o email existir, você receberá instruções para recuperação" };
  resetPassword: { message: "Senha redefinida com sucesso!" };
  switchCompany: SessionAnswer;
  lookupCode: { spin: SpinAnswer };
  redeemCode: { message: "Prêmio resgatado com sucesso!"; spin: SpinAnswer };
  unredeemCode: { message: "Resgate desfeito. O prêmio voltou a aguardar retirada."; spin: SpinAnswer };
  createApiKey: { api_key: ApiKeyAnswer; key: string };
  createUnit: { unit: UnitAnswer };
  moveExperiment: { experiment: ExperimentAnswer };
  createExperiment: { experiment: ExperimentAnswer };
  updateUnit: { unit: UnitAnswer };
  deleteUnit: { message: "Unidade excluída com sucesso" };
  createEndpoint: {
    endpoint: WebhookEndpointAnswer;
    secret: string;
    message: "Endpoint criado! Copie o segredo agora: ele não será mostrado de novo.";
  };
  updateEndpoint: { endpoint: WebhookEndpointAnswer; message: "Endpoint atualizado" };
  sendTest: { delivery: WebhookDeliveryAnswer; message: "Evento de teste enviado para a fila de entrega." };
  redeliver: { delivery: WebhookDeliveryAnswer; message: "Reenvio agendado." };
  findPerson: { whatsapp: string; spins: SpinAnswer[] };
  putRdStation: { rdstation: RdStationAnswer };
  putIntegration: { integration: MarketingIntegrationAnswer };
  erasePerson: { erased: number; message: string; tools: { asked: string[]; failed: string[]; manual: string[] } };
  saveWhatsappSettings: WhatsappSettingsAnswer;
  sendWhatsappTest: { message: "Mensagem de teste enviada"; message_id: string };
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** Each read's answer (GET), by the name of the service function the route calls. */
export interface StoreAnswer {
  id: string;
  platform: "nuvemshop" | "shopify" | "woocommerce";
  name: string;
  store_url: string;
  credentials: { configured: boolean; last4: string };
  status: string;
  last_error: string | null;
  last_checked_at: string | null;
  /** Where the store posts its paid orders (docs/api.md "Store orders (issue 39)"). */
  webhook_url: string;
  /** The order webhook registered in the store: pending | ok | error, with the reason in pt-BR. */
  order_webhook: { status: string; last_error: string | null };
  created_at: string;
  /** Its store products' reserve: coupons ready in the store, and whether a refill is under way. */
  reserve: { products: number; available: number; refilling: boolean };
  /** Unused coupons taken out of the reserves, still to be deleted in the store; `failing` when its last try was refused. */
  release: { coupons: number; failing: boolean; last_error: string | null };
  /** The wheels whose prizes use this store's coupons, active ones first. */
  wheels: { id: string; name: string; active: boolean }[];
  /** What a Nuvemshop store's installed script shows (PUT /integrations/stores/{id}/storefront). */
  storefront: { wheel_id: string | null; experiment_id: string | null } | null;
}

/** Integrações -> WhatsApp (docs/api.md "WhatsApp (issue 27)"). */
export interface WhatsappSettingsAnswer {
  configured: boolean;
  connected: boolean;
  enabled: boolean;
  phone_number_id: string | null;
  business_phone: string | null;
  access_token: { configured: boolean; last4: string | null };
  app_secret: { configured: boolean; last4: string | null };
  verify_token: string | null;
  prize_template: string | null;
  code_template: string | null;
  codes_abroad: boolean;
  daily_code_cap: number;
  reminder_template: string | null;
  webhook_url: string | null;
  last_webhook_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

/** A marketing tool's integration (docs/api.md "The marketing tools Brazilian shops use"). */
export interface MarketingIntegrationAnswer {
  tool: "klaviyo" | "brevo" | "mailchimp" | "activecampaign";
  enabled: boolean;
  credentials: { configured: boolean; last4: string };
  list_id: string | null;
  wheel_ids: string[];
  last_delivery_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

export interface RdStationAnswer {
  configured: boolean;
  last4: string | null;
  enabled: boolean;
  last_error: string | null;
  last_error_at: string | null;
  last_sent_at: string | null;
}

export type RefusalReason =
  "rate_limited" | "duplicate" | "invalid" | "disposable_email" | "not_verified" | "sold_out" | "closed";

export interface RefusalsAnswer {
  by_reason: Record<RefusalReason, number>;
  recent: { reason: RefusalReason; contact: string | null; at: string }[];
}

/** Integrações -> Caixa da loja (docs/api.md "API keys (issue 39)"): never the key itself. */
export interface ApiKeyAnswer {
  id: string;
  name: string;
  scopes: string[];
  prefix: string;
  created_at: string;
  /** Who made it, while they belong to the company (their removal revokes it). */
  created_by: { id: string; name: string } | null;
  last_used_at: string | null;
}

/** A report's `redemption` (docs/api.md "Redemption figures (issue 39)"). */
export interface RedemptionFiguresAnswer {
  won: number;
  redeemed: number;
  rate: number;
  by_channel: { counter: number; store: number; api: number };
  revenue_cents: number;
  currency: string;
  orders: number;
  median_hours_to_redeem: number | null;
  by_prize: { product_name: string; won: number; redeemed: number; revenue_cents: number; rate: number }[];
  by_source: {
    source_id: string | null;
    source_name: string | null;
    won: number;
    redeemed: number;
    revenue_cents: number;
    rate: number;
  }[];
}

export interface ReadAnswers {
  dashboard: {
    totalProducts: number;
    activeProducts: number;
    totalWheels: number;
    activeWheels: number;
    lowStockProducts: number;
    soldOutWheels: { id: string; name: string; prize_count: number }[];
    totalSpins: number;
    planName: string;
    limits: { maxWheels: number; maxProducts: number; maxSpinsMonth: number };
    /** "Vendas com cupons da roleta" (docs/api.md "Redemption figures (issue 39)"). */
    sales: {
      days: number;
      revenue_cents: number;
      currency: string;
      orders: number;
      won: number;
      redeemed: number;
      rate: number;
    };
    recentLeads: {
      id: string;
      customer_name: string;
      wheel_name: string;
      product_name: string | null;
      has_won: boolean;
      created_at: string;
    }[];
  };
  listInvitations: {
    invitations: {
      created_at: string;
      id: string;
      email: string;
      role: Role;
      unit_ids: string[];
      expires_at: string;
    }[];
  };
  listLeads: {
    spins: LeadAnswer[];
    pagination: Pagination;
    stats: { total_leads: number; unique_leads: number; leads_with_prizes: number; conversion_rate: number };
  };
  listProducts: { products: ProductAnswer[]; pagination: Pagination };
  getProfile: { user: ProfileAnswer };
  report: {
    stats: { total_spins: number; unique_users: number; products_distributed: number; success_rate: number };
    top_products: { product_name: string; total_wins: number; win_percentage: number }[];
    daily_activity: { date: string; total_spins: number; unique_users: number }[];
    redemption: RedemptionFiguresAnswer;
    by_unit: { unit_id: string | null; name: string; spins: number; wins: number; redeemed: number }[];
  };
  listSources: { sources: SourceAnswer[] };
  listUsers: { users: UserAnswer[] };
  listEndpoints: { endpoints: WebhookEndpointAnswer[] };
  listDeliveries: { deliveries: WebhookDeliveryAnswer[] };
  listWheels: { wheels: WheelListAnswer[]; pagination: Pagination };
  listStores: {
    stores: StoreAnswer[];
    installs: { nuvemshop: boolean; shopify: boolean; woocommerce: boolean };
    storefront_script: boolean;
    /** The Shopify "customer events" pixel that claims orders for experiments; null without a Shopify store. */
    shopify_pixel: string | null;
  };
  getWhatsappSettings: WhatsappSettingsAnswer;
  getRdStation: { rdstation: RdStationAnswer };
  getIntegration: { integration: MarketingIntegrationAnswer };
  listToolLists: { lists: { id: string; name: string }[] };
  wheelRefusals: RefusalsAnswer;
  /** GET /integrations/whatsapp/usage: the month's paid (template) messages and Meta's price of one. */
  whatsappUsage: { month: string; paid_messages: number; price_brl: number };
  listApiKeys: { api_keys: ApiKeyAnswer[] };
  listUnits: { units: UnitAnswer[] };
  listExperiments: { experiments: ExperimentAnswer[] };
  experimentResults: ExperimentResultsAnswer;
}

/** A totem or big screen of a wheel (never its token). */
export interface DeviceAnswer {
  id: string;
  name: string;
  kind: "totem" | "screen";
  unit_id: string | null;
  last_seen_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** A device just created: its link carries the token, shown only once. */
export interface CreatedDeviceAnswer extends DeviceAnswer {
  link: string;
}
