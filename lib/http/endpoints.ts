"use client";
// The admin client's writes, one typed function per call: bodies typed by the zod schemas the
// route handlers parse with, answers by the services that produce them (type-only imports, so no
// server code reaches the browser). Each write revalidates the cached reads it changes, so no
// screen has to remember to.
import type { forgotPassword, resetPassword } from "@/lib/auth/password-reset";
import type { signup } from "@/lib/auth/signup";
import type { switchCompany } from "@/lib/auth/verify";
import type { cancel, upgrade } from "@/lib/billing/subscription-actions";
import type { updateCompany } from "@/lib/company/profile";
import type { acceptInvitation, registerFromInvitation } from "@/lib/invitations/accept";
import type { cancelInvitation, createInvitation } from "@/lib/invitations/service";
import type { erasePerson, findPerson } from "@/lib/lgpd/service";
import type { createProduct, updateProduct } from "@/lib/products/service";
import type { changePassword, updateProfile } from "@/lib/profile/service";
import type { createSource } from "@/lib/sources/service";
import type { lookupCode, redeemCode, unredeemCode } from "@/lib/spins/redeem";
import type { createUser, updateUser } from "@/lib/users/service";
import type { SignupInput } from "@/lib/validation/auth";
import type { CancelInput } from "@/lib/validation/billing";
import type { CompanyUpdateInput } from "@/lib/validation/company";
import type { InvitationInput } from "@/lib/validation/invitations";
import type { ProductFormValues } from "@/lib/validation/products";
import type { PasswordChangeInput } from "@/lib/validation/profile";
import type { SourceInput } from "@/lib/validation/sources";
import type { UserCreateInput, UserUpdateInput } from "@/lib/validation/users";
import type { WebhookEndpointInput, WebhookEndpointUpdate } from "@/lib/validation/webhooks";
import type { WheelFormOutput, WheelProductsInput } from "@/lib/validation/wheels";
import type {
  createEndpoint,
  redeliver as redeliverWebhook,
  sendTest as sendWebhookTest,
  updateEndpoint,
} from "@/lib/webhooks/service";
import type { createWheel, updateWheel } from "@/lib/wheels/service";
import type { saveWheelProducts } from "@/lib/wheels/wheel-products";
import { api } from "./client";
import { revalidate } from "./use-api";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service function
type Answer<F extends (...args: any[]) => unknown> = Awaited<ReturnType<F>>;
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
    create: (body: ProductFormValues) => write<Answer<typeof createProduct>>("/products", "POST", body, CATALOGUE),
    update: (id: string, body: ProductFormValues) =>
      write<Answer<typeof updateProduct>>(`/products/${id}`, "PUT", body, CATALOGUE),
    remove: (id: string) => write<Message>(`/products/${id}`, "DELETE", undefined, CATALOGUE),
    upload: (form: FormData) => api<{ imageUrl: string }>("/products/upload", { method: "POST", body: form }),
  },
  wheels: {
    create: (body: WheelFormOutput) => write<Answer<typeof createWheel>>("/wheels", "POST", body, CATALOGUE),
    update: (id: string, body: WheelFormOutput) =>
      write<Answer<typeof updateWheel>>(`/wheels/${id}`, "PUT", body, CATALOGUE),
    remove: (id: string) => write<Message>(`/wheels/${id}`, "DELETE", undefined, CATALOGUE),
    saveProducts: (id: string, body: WheelProductsInput) =>
      write<Answer<typeof saveWheelProducts>>(`/wheels/${id}/products`, "POST", body, [`/wheels/${id}/products`]),
    removeProduct: (id: string, productId: string) =>
      write<Message>(`/wheels/${id}/products/${productId}`, "DELETE", undefined, [`/wheels/${id}/products`]),
  },
  sources: {
    create: (wheelId: string, body: SourceInput) =>
      write<Answer<typeof createSource>>(`/wheels/${wheelId}/sources`, "POST", body, [`/wheels/${wheelId}/sources`]),
    remove: (wheelId: string, sourceId: string) =>
      write<Message>(`/wheels/${wheelId}/sources/${sourceId}`, "DELETE", undefined, [`/wheels/${wheelId}/sources`]),
  },
  users: {
    create: (body: UserCreateInput) => write<Answer<typeof createUser>>("/users", "POST", body, ["/users"]),
    update: (id: string, body: UserUpdateInput) =>
      write<Answer<typeof updateUser>>(`/users/${id}`, "PUT", body, ["/users"]),
    remove: (id: string) => write<Message>(`/users/${id}`, "DELETE", undefined, ["/users"]),
  },
  invitations: {
    create: (body: InvitationInput) =>
      write<Answer<typeof createInvitation>>("/users/invitations", "POST", body, ["/users/invitations"]),
    cancel: (id: string) =>
      write<Answer<typeof cancelInvitation>>(`/users/invitations/${id}`, "DELETE", undefined, ["/users/invitations"]),
    /** Joins the inviting company; the caller then switches this browser into it. */
    accept: (token: string) =>
      api<Answer<typeof acceptInvitation>>("/invitations/accept", { method: "POST", body: { token } }),
    /** Creates the invited account (no account had the e-mail) and its membership. */
    register: (body: { token: string; name: string; password: string }) =>
      api<Answer<typeof registerFromInvitation>>("/invitations/register", { method: "POST", body }),
  },
  company: {
    update: (body: CompanyUpdateInput) =>
      write<Answer<typeof updateCompany>>("/company/profile", "PUT", body, ["/company", "/auth/verify"]),
    upgrade: (planId: string) =>
      write<Answer<typeof upgrade>>("/company/subscription/upgrade", "POST", { plan_id: planId }, []),
    cancel: (body: CancelInput) =>
      write<Answer<typeof cancel>>("/company/subscription/cancel", "POST", body, [
        "/company",
        "/dashboard",
        "/auth/verify",
      ]),
  },
  profile: {
    update: (name: string) =>
      write<Answer<typeof updateProfile>>("/user/profile", "PUT", { name }, ["/user/profile", "/auth/verify"]),
    /** The answer re-signs this browser in (a fresh session cookie); every other session ends. */
    changePassword: (body: PasswordChangeInput) =>
      write<Answer<typeof changePassword>>("/user/password", "PUT", body, []),
  },
  auth: {
    signup: (body: SignupInput) => api<Answer<typeof signup>>("/auth/signup", { method: "POST", body }),
    forgotPassword: (email: string) =>
      api<Answer<typeof forgotPassword>>("/auth/forgot-password", { method: "POST", body: { email } }),
    resetPassword: (token: string, newPassword: string) =>
      api<Answer<typeof resetPassword>>("/auth/reset-password", { method: "POST", body: { token, newPassword } }),
    /** Moves this browser's session to another company (the answer sets its cookie). */
    switchCompany: (companyId: string) =>
      api<Answer<typeof switchCompany>>("/auth/switch-company", { method: "POST", body: { companyId } }),
  },
  spins: {
    lookup: (code: string) => api<Answer<typeof lookupCode>>("/spins/redeem", { query: { code } }),
    redeem: (code: string) =>
      write<Answer<typeof redeemCode>>("/spins/redeem", "POST", { redemption_code: code }, LEADS),
    unredeem: (code: string) =>
      write<Answer<typeof unredeemCode>>("/spins/unredeem", "POST", { redemption_code: code }, LEADS),
  },
  webhooks: {
    create: (body: WebhookEndpointInput) =>
      write<Answer<typeof createEndpoint>>("/integrations/webhooks", "POST", body, ["/integrations/webhooks"]),
    update: (id: string, body: WebhookEndpointUpdate) =>
      write<Answer<typeof updateEndpoint>>(`/integrations/webhooks/${id}`, "PUT", body, ["/integrations/webhooks"]),
    remove: (id: string) =>
      write<Message>(`/integrations/webhooks/${id}`, "DELETE", undefined, ["/integrations/webhooks"]),
    test: (id: string) =>
      write<Answer<typeof sendWebhookTest>>(`/integrations/webhooks/${id}/test`, "POST", {}, [
        `/integrations/webhooks/${id}/deliveries`,
      ]),
    redeliver: (id: string, deliveryId: string) =>
      write<Answer<typeof redeliverWebhook>>(
        `/integrations/webhooks/${id}/deliveries/${deliveryId}/redeliver`,
        "POST",
        {},
        [`/integrations/webhooks/${id}/deliveries`],
      ),
  },
  lgpd: {
    find: (whatsapp: string) => api<Answer<typeof findPerson>>("/lgpd", { query: { whatsapp } }),
    erase: (whatsapp: string) => write<Answer<typeof erasePerson>>("/lgpd/erase", "POST", { whatsapp }, LEADS),
  },
};
