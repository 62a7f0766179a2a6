"use client";
// The admin client's writes, one typed function per call: bodies typed by the zod schemas the
// route handlers parse with, answers by lib/api-types (plain types, held equal to the services'
// answers by tests/unit/api-types.test.ts, so no service reaches the browser, not even as a type). Each write revalidates the cached reads it changes, so no
// screen has to remember to.
import type { CreatedDeviceAnswer, WriteAnswers } from "@/lib/api-types";
import type { ApiKeyInput } from "@/lib/validation/api-keys";
import type { SignupInput } from "@/lib/validation/auth";
import type { CancelInput } from "@/lib/validation/billing";
import type { CompanyUpdateInput } from "@/lib/validation/company";
import type { InvitationInput } from "@/lib/validation/invitations";
import type { ProductFormValues } from "@/lib/validation/products";
import type { PasswordChangeInput } from "@/lib/validation/profile";
import type { SourceInput } from "@/lib/validation/sources";
import type { DeviceInput, KioskInput } from "@/lib/validation/devices";
import type { UserCreateInput, UserUpdateInput } from "@/lib/validation/users";
import type { UnitInput } from "@/lib/validation/units";
import type { ExperimentInput } from "@/lib/validation/experiments";
import type { WebhookEndpointInput, WebhookEndpointUpdate } from "@/lib/validation/webhooks";
import type { WheelFormOutput, WheelProductsInput } from "@/lib/validation/wheels";
import { api } from "@/lib/swr/fetcher";
import { revalidate } from "@/lib/swr/use-api";

type Message = { message: string };

/** Sends a write and, once it succeeded, revalidates every cached read under `changes`. */
async function write<T>(path: string, method: string, body: unknown, changes: string[]): Promise<T> {
  const answer = await api<T>(path, { method, body });
  await revalidate(...changes);
  return answer;
}

// Reads that a product or wheel write changes elsewhere: counters, plan usage, prize lists.
const CATALOGUE = ["/products", "/wheels", "/dashboard", "/company/profile"];
const LEADS = ["/wheels/spins", "/reports", "/dashboard"];

export const endpoints = {
  products: {
    create: (body: ProductFormValues) => write<WriteAnswers["createProduct"]>("/products", "POST", body, CATALOGUE),
    update: (id: string, body: ProductFormValues) =>
      write<WriteAnswers["updateProduct"]>(`/products/${id}`, "PUT", body, CATALOGUE),
    remove: (id: string) => write<Message>(`/products/${id}`, "DELETE", undefined, CATALOGUE),
    upload: (form: FormData) => api<{ imageUrl: string }>("/products/upload", { method: "POST", body: form }),
  },
  wheels: {
    create: (body: WheelFormOutput) => write<WriteAnswers["createWheel"]>("/wheels", "POST", body, CATALOGUE),
    update: (id: string, body: WheelFormOutput) =>
      write<WriteAnswers["updateWheel"]>(`/wheels/${id}`, "PUT", body, CATALOGUE),
    remove: (id: string) => write<Message>(`/wheels/${id}`, "DELETE", undefined, CATALOGUE),
    saveProducts: (id: string, body: WheelProductsInput) =>
      write<WriteAnswers["saveWheelProducts"]>(`/wheels/${id}/products`, "POST", body, [`/wheels/${id}/products`]),
    removeProduct: (id: string, productId: string) =>
      write<Message>(`/wheels/${id}/products/${productId}`, "DELETE", undefined, [`/wheels/${id}/products`]),
  },
  devices: {
    create: (wheelId: string, body: DeviceInput) =>
      write<{ device: CreatedDeviceAnswer }>(`/wheels/${wheelId}/devices`, "POST", body, [
        `/wheels/${wheelId}/devices`,
      ]),
    revoke: (wheelId: string, deviceId: string) =>
      write<Message>(`/wheels/${wheelId}/devices/${deviceId}`, "DELETE", undefined, [`/wheels/${wheelId}/devices`]),
    kiosk: (wheelId: string, body: KioskInput) =>
      write<WriteAnswers["updateWheel"]>(`/wheels/${wheelId}`, "PUT", body, CATALOGUE),
  },
  sources: {
    create: (wheelId: string, body: SourceInput) =>
      write<WriteAnswers["createSource"]>(`/wheels/${wheelId}/sources`, "POST", body, [`/wheels/${wheelId}/sources`]),
    remove: (wheelId: string, sourceId: string) =>
      write<Message>(`/wheels/${wheelId}/sources/${sourceId}`, "DELETE", undefined, [`/wheels/${wheelId}/sources`]),
  },
  users: {
    create: (body: UserCreateInput) => write<WriteAnswers["createUser"]>("/users", "POST", body, ["/users"]),
    update: (id: string, body: UserUpdateInput) =>
      write<WriteAnswers["updateUser"]>(`/users/${id}`, "PUT", body, ["/users"]),
    remove: (id: string) => write<Message>(`/users/${id}`, "DELETE", undefined, ["/users"]),
  },
  experiments: {
    create: (body: ExperimentInput) =>
      write<WriteAnswers["createExperiment"]>("/experiments", "POST", body, ["/experiments"]),
    start: (id: string) =>
      write<WriteAnswers["moveExperiment"]>(`/experiments/${id}/start`, "POST", undefined, ["/experiments"]),
    stop: (id: string) =>
      write<WriteAnswers["moveExperiment"]>(`/experiments/${id}/stop`, "POST", undefined, ["/experiments"]),
  },
  units: {
    create: (body: UnitInput) => write<WriteAnswers["createUnit"]>("/units", "POST", body, ["/units"]),
    update: (id: string, body: UnitInput) => write<WriteAnswers["updateUnit"]>(`/units/${id}`, "PUT", body, ["/units"]),
    remove: (id: string) =>
      write<WriteAnswers["deleteUnit"]>(`/units/${id}`, "DELETE", undefined, ["/units", "/users"]),
  },
  invitations: {
    create: (body: InvitationInput) =>
      write<WriteAnswers["createInvitation"]>("/users/invitations", "POST", body, ["/users/invitations"]),
    cancel: (id: string) =>
      write<WriteAnswers["cancelInvitation"]>(`/users/invitations/${id}`, "DELETE", undefined, ["/users/invitations"]),
    /** Joins the inviting company; the caller then switches this browser into it. */
    accept: (token: string) =>
      api<WriteAnswers["acceptInvitation"]>("/invitations/accept", { method: "POST", body: { token } }),
    /** Creates the invited account (no account had the e-mail) and its membership. */
    register: (body: { token: string; name: string; password: string }) =>
      api<WriteAnswers["registerFromInvitation"]>("/invitations/register", { method: "POST", body }),
  },
  company: {
    update: (body: CompanyUpdateInput) =>
      write<WriteAnswers["updateCompany"]>("/company/profile", "PUT", body, ["/company", "/auth/verify"]),
    upgrade: (planId: string) =>
      write<WriteAnswers["upgrade"]>("/company/subscription/upgrade", "POST", { plan_id: planId }, []),
    cancel: (body: CancelInput) =>
      write<WriteAnswers["cancel"]>("/company/subscription/cancel", "POST", body, [
        "/company",
        "/dashboard",
        "/auth/verify",
      ]),
  },
  profile: {
    update: (name: string) =>
      write<WriteAnswers["updateProfile"]>("/user/profile", "PUT", { name }, ["/user/profile", "/auth/verify"]),
    /** The answer re-signs this browser in (a fresh session cookie); every other session ends. */
    changePassword: (body: PasswordChangeInput) =>
      write<WriteAnswers["changePassword"]>("/user/password", "PUT", body, []),
  },
  auth: {
    signup: (body: SignupInput) => api<WriteAnswers["signup"]>("/auth/signup", { method: "POST", body }),
    forgotPassword: (email: string) =>
      api<WriteAnswers["forgotPassword"]>("/auth/forgot-password", { method: "POST", body: { email } }),
    resetPassword: (token: string, newPassword: string) =>
      api<WriteAnswers["resetPassword"]>("/auth/reset-password", { method: "POST", body: { token, newPassword } }),
    /** Moves this browser's session to another company (the answer sets its cookie). */
    switchCompany: (companyId: string) =>
      api<WriteAnswers["switchCompany"]>("/auth/switch-company", { method: "POST", body: { companyId } }),
  },
  spins: {
    lookup: (code: string) => api<WriteAnswers["lookupCode"]>("/spins/redeem", { query: { code } }),
    // unit_id: the counter's unit, for staff who hand over in several (docs/units.md "What the attendant sees").
    redeem: (code: string, unitId?: string | null) =>
      write<WriteAnswers["redeemCode"]>(
        "/spins/redeem",
        "POST",
        unitId ? { redemption_code: code, unit_id: unitId } : { redemption_code: code },
        LEADS,
      ),
    unredeem: (code: string) =>
      write<WriteAnswers["unredeemCode"]>("/spins/unredeem", "POST", { redemption_code: code }, LEADS),
  },
  apiKeys: {
    create: (body: ApiKeyInput) => write<WriteAnswers["createApiKey"]>("/api-keys", "POST", body, ["/api-keys"]),
    revoke: (id: string) => write<void>(`/api-keys/${id}`, "DELETE", undefined, ["/api-keys"]),
  },
  webhooks: {
    create: (body: WebhookEndpointInput) =>
      write<WriteAnswers["createEndpoint"]>("/integrations/webhooks", "POST", body, ["/integrations/webhooks"]),
    update: (id: string, body: WebhookEndpointUpdate) =>
      write<WriteAnswers["updateEndpoint"]>(`/integrations/webhooks/${id}`, "PUT", body, ["/integrations/webhooks"]),
    remove: (id: string) =>
      write<Message>(`/integrations/webhooks/${id}`, "DELETE", undefined, ["/integrations/webhooks"]),
    test: (id: string) =>
      write<WriteAnswers["sendTest"]>(`/integrations/webhooks/${id}/test`, "POST", {}, [
        `/integrations/webhooks/${id}/deliveries`,
      ]),
    redeliver: (id: string, deliveryId: string) =>
      write<WriteAnswers["redeliver"]>(`/integrations/webhooks/${id}/deliveries/${deliveryId}/redeliver`, "POST", {}, [
        `/integrations/webhooks/${id}/deliveries`,
      ]),
  },
  lgpd: {
    find: (whatsapp: string) => api<WriteAnswers["findPerson"]>("/lgpd", { query: { whatsapp } }),
    erase: (whatsapp: string) => write<WriteAnswers["erasePerson"]>("/lgpd/erase", "POST", { whatsapp }, LEADS),
  },
};
