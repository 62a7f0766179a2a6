// Integrações -> WhatsApp (docs/api.md "WhatsApp (issue 27)"): one Meta Cloud API number per
// company. The access token and the app secret are encrypted at rest (lib/security/secrets.ts) and
// write-only: the API shows that they are configured and their last 4 characters. The webhook's
// address carries an unguessable key, made once, so Meta's calls name their company.
import "server-only";
import { randomBytes } from "node:crypto";
import type { SessionCtx } from "@/lib/auth/session";
import { tenantDb, type TenantScope } from "@/lib/db/tenant";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { WhatsappAccount } from "@/lib/generated/prisma/client";
import { WHATSAPP_MESSAGES as M } from "@/lib/copy/whatsapp";
import { normalizePhone, phoneDigits } from "@/lib/phone";
import { decryptSecret, encryptSecret } from "@/lib/security/secrets";
import type { WhatsappSettingsInput } from "@/lib/validation/whatsapp";
import { GraphError, sendMessage, type GraphAccess } from "./graph";

const tokenContext = (companyId: string) => `whatsapp:${companyId}:token`;
const secretContext = (companyId: string) => `whatsapp:${companyId}:secret`;

/** The daily cap of code verifications of a new account (the column's default). */
export const DAILY_CODE_CAP = 200;

export const webhookPath = (key: string) => `/api/webhooks/whatsapp/${key}`;

export function settingsDto(a: WhatsappAccount | null) {
  return {
    configured: !!a,
    /** Saved and enabled: wheels may ask for verification and prizes go by WhatsApp. */
    connected: !!a?.enabled,
    enabled: !!a?.enabled,
    phone_number_id: a?.phoneNumberId ?? null,
    business_phone: a?.businessPhone ?? null,
    access_token: { configured: !!a, last4: a?.accessTokenHint ?? null },
    app_secret: { configured: !!a, last4: a?.appSecretHint ?? null },
    verify_token: a?.verifyToken ?? null,
    prize_template: a?.prizeTemplate ?? null,
    code_template: a?.codeTemplate ?? null,
    codes_abroad: a?.codesAbroad ?? false,
    daily_code_cap: a?.dailyCodeCap ?? DAILY_CODE_CAP,
    reminder_template: a?.reminderTemplate ?? null,
    webhook_url: a ? `${env().APP_URL.replace(/\/$/, "")}${webhookPath(a.webhookKey)}` : null,
    last_webhook_at: a?.lastWebhookAt?.toISOString() ?? null,
    last_error: a?.lastError ?? null,
    last_error_at: a?.lastErrorAt?.toISOString() ?? null,
  };
}

export async function getSettings(ctx: SessionCtx) {
  const t = await tenantDb(ctx);
  return settingsDto(await t.whatsappAccount.findFirst({}));
}

export async function saveSettings(ctx: SessionCtx, input: WhatsappSettingsInput) {
  const t = await tenantDb(ctx);
  const saved = await t.whatsappAccount.findFirst({});
  if (!saved && (!input.access_token || !input.app_secret)) throw new AppError("VALIDATION", M.secretsRequired);
  const { companyId } = ctx;
  const secrets = {
    ...(input.access_token && {
      accessToken: encryptSecret(input.access_token, tokenContext(companyId)),
      accessTokenHint: input.access_token.slice(-4),
    }),
    ...(input.app_secret && {
      appSecret: encryptSecret(input.app_secret, secretContext(companyId)),
      appSecretHint: input.app_secret.slice(-4),
    }),
  };
  const fields = {
    phoneNumberId: input.phone_number_id,
    businessPhone: normalizePhone(input.business_phone),
    enabled: input.enabled,
    ...(input.verify_token && { verifyToken: input.verify_token }),
    ...(input.prize_template !== undefined && { prizeTemplate: input.prize_template }),
    ...(input.code_template !== undefined && { codeTemplate: input.code_template }),
    ...(input.codes_abroad !== undefined && { codesAbroad: input.codes_abroad }),
    ...(input.daily_code_cap !== undefined && { dailyCodeCap: input.daily_code_cap }),
    ...(input.reminder_template !== undefined && { reminderTemplate: input.reminder_template }),
    ...secrets,
  };
  const row = saved
    ? await t.whatsappAccount.update({ where: { companyId }, data: fields })
    : await t.whatsappAccount.create({
        data: {
          companyId,
          webhookKey: randomBytes(24).toString("base64url"),
          verifyToken: input.verify_token ?? randomBytes(18).toString("base64url"),
          ...fields,
          accessToken: secrets.accessToken as string,
          accessTokenHint: secrets.accessTokenHint as string,
          appSecret: secrets.appSecret as string,
          appSecretHint: secrets.appSecretHint as string,
        },
      });
  return settingsDto(row);
}

/** The decrypted access for the Graph API calls (server side only). */
export const graphAccess = (a: Pick<WhatsappAccount, "companyId" | "phoneNumberId" | "accessToken">): GraphAccess => ({
  phoneNumberId: a.phoneNumberId,
  accessToken: decryptSecret(a.accessToken, tokenContext(a.companyId)),
});

export const appSecretOf = (a: WhatsappAccount) => decryptSecret(a.appSecret, secretContext(a.companyId));

/** The company's account when connected (saved and enabled), else null. */
export async function connectedAccount(scope: TenantScope): Promise<WhatsappAccount | null> {
  const t = await tenantDb(scope);
  return t.whatsappAccount.findFirst({ where: { enabled: true } });
}

/** Records the outcome of a call to Meta on the account, for the settings' connection state. */
export async function noteError(scope: TenantScope, error: string | null) {
  const t = await tenantDb(scope);
  await t.whatsappAccount.updateMany({
    data: error ? { lastError: error.slice(0, 500), lastErrorAt: new Date() } : { lastError: null },
  });
}

/**
 * "Enviar teste": Meta's own sample template `hello_world` (every new WhatsApp Business account has
 * it, and a template reaches a number outside the 24-hour window), sent at once: the shop waits.
 */
export async function sendTest(ctx: SessionCtx, to: string) {
  const t = await tenantDb(ctx);
  const account = await t.whatsappAccount.findFirst({});
  if (!account) throw new AppError("WHATSAPP_NOT_CONNECTED", M.notConnected);
  try {
    const id = await sendMessage(graphAccess(account), phoneDigits(to), {
      type: "template",
      name: "hello_world",
      language: "en_US",
      components: [],
    });
    await noteError(ctx, null);
    return { message: M.testSent, message_id: id };
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    await noteError(ctx, err.message);
    if (err.status === 0 || err.retryable) throw new AppError("UNAVAILABLE", M.unreachable);
    throw new AppError("WHATSAPP_SEND_FAILED", `${M.sendFailed}: ${err.message}`);
  }
}
