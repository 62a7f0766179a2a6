// lib/api-types holds the answers the browser reads as plain types; this file holds each one equal
// to what its service returns (checked by `tsc --noEmit`: a mismatch is a type error here).
import { describe, expect, it } from "vitest";
import type { ReadAnswers, WriteAnswers } from "@/lib/api-types";
import type { dashboard } from "@/lib/dashboard/service";
import type { listLeads } from "@/lib/leads/service";
import type { report } from "@/lib/reports/service";
import type { forgotPassword, resetPassword } from "@/lib/auth/password-reset";
import type { signup } from "@/lib/auth/signup";
import type { switchCompany } from "@/lib/auth/verify";
import type { cancel, upgrade } from "@/lib/billing/subscription-actions";
import type { updateCompany } from "@/lib/company/profile";
import type { acceptInvitation, registerFromInvitation } from "@/lib/invitations/accept";
import type { cancelInvitation, createInvitation, listInvitations } from "@/lib/invitations/service";
import type { erasePerson, findPerson } from "@/lib/lgpd/service";
import type { createProduct, listProducts, updateProduct } from "@/lib/products/service";
import type { changePassword, getProfile, updateProfile } from "@/lib/profile/service";
import type { createSource, listSources } from "@/lib/sources/service";
import type { lookupCode, redeemCode, unredeemCode } from "@/lib/redemption/redeem";
import type { createUser, listUsers, updateUser } from "@/lib/users/service";
import type { createUnit, deleteUnit, listUnits, updateUnit } from "@/lib/units/service";
import type { experimentResults } from "@/lib/experiments/results";
import type { createExperiment, listExperiments, moveExperiment } from "@/lib/experiments/service";
import type {
  createEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  sendTest,
  updateEndpoint,
} from "@/lib/webhooks/service";
import type { listStores } from "@/lib/stores/service";
import type { createApiKey, listApiKeys } from "@/lib/api-keys/service";
import type { getSettings, saveSettings, sendTest as sendWhatsappTest } from "@/lib/whatsapp/account";
import type { getRdStation, putRdStation } from "@/lib/rdstation/service";
import type { getIntegration, listToolLists, putIntegration } from "@/lib/marketing/service";
import type { wheelRefusals } from "@/lib/refusals/service";
import type { createWheel, listWheels, updateWheel } from "@/lib/wheels/service";
import type { saveWheelProducts } from "@/lib/wheels/wheel-products";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service function
type Answer<F extends (...args: any[]) => unknown> = Awaited<ReturnType<F>>;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const services = {
  createProduct: true,
  updateProduct: true,
  createWheel: true,
  updateWheel: true,
  saveWheelProducts: true,
  createSource: true,
  createUser: true,
  updateUser: true,
  createInvitation: true,
  cancelInvitation: true,
  acceptInvitation: true,
  registerFromInvitation: true,
  updateCompany: true,
  upgrade: true,
  cancel: true,
  updateProfile: true,
  changePassword: true,
  signup: true,
  forgotPassword: true,
  resetPassword: true,
  switchCompany: true,
  lookupCode: true,
  redeemCode: true,
  unredeemCode: true,
  createApiKey: true,
  createEndpoint: true,
  updateEndpoint: true,
  sendTest: true,
  redeliver: true,
  findPerson: true,
  erasePerson: true,
  saveWhatsappSettings: true,
  sendWhatsappTest: true,
  putRdStation: true,
  putIntegration: true,
  createUnit: true,
  moveExperiment: true,
  createExperiment: true,
  updateUnit: true,
  deleteUnit: true,
} satisfies {
  createProduct: Equal<WriteAnswers["createProduct"], Answer<typeof createProduct>>;
  updateProduct: Equal<WriteAnswers["updateProduct"], Answer<typeof updateProduct>>;
  createWheel: Equal<WriteAnswers["createWheel"], Answer<typeof createWheel>>;
  updateWheel: Equal<WriteAnswers["updateWheel"], Answer<typeof updateWheel>>;
  saveWheelProducts: Equal<WriteAnswers["saveWheelProducts"], Answer<typeof saveWheelProducts>>;
  createSource: Equal<WriteAnswers["createSource"], Answer<typeof createSource>>;
  createUser: Equal<WriteAnswers["createUser"], Answer<typeof createUser>>;
  updateUser: Equal<WriteAnswers["updateUser"], Answer<typeof updateUser>>;
  createInvitation: Equal<WriteAnswers["createInvitation"], Answer<typeof createInvitation>>;
  cancelInvitation: Equal<WriteAnswers["cancelInvitation"], Answer<typeof cancelInvitation>>;
  acceptInvitation: Equal<WriteAnswers["acceptInvitation"], Answer<typeof acceptInvitation>>;
  registerFromInvitation: Equal<WriteAnswers["registerFromInvitation"], Answer<typeof registerFromInvitation>>;
  updateCompany: Equal<WriteAnswers["updateCompany"], Answer<typeof updateCompany>>;
  upgrade: Equal<WriteAnswers["upgrade"], Answer<typeof upgrade>>;
  cancel: Equal<WriteAnswers["cancel"], Answer<typeof cancel>>;
  updateProfile: Equal<WriteAnswers["updateProfile"], Answer<typeof updateProfile>>;
  changePassword: Equal<WriteAnswers["changePassword"], Answer<typeof changePassword>>;
  signup: Equal<WriteAnswers["signup"], Answer<typeof signup>>;
  forgotPassword: Equal<WriteAnswers["forgotPassword"], Answer<typeof forgotPassword>>;
  resetPassword: Equal<WriteAnswers["resetPassword"], Answer<typeof resetPassword>>;
  switchCompany: Equal<WriteAnswers["switchCompany"], Answer<typeof switchCompany>>;
  lookupCode: Equal<WriteAnswers["lookupCode"], Answer<typeof lookupCode>>;
  redeemCode: Equal<WriteAnswers["redeemCode"], Answer<typeof redeemCode>>;
  unredeemCode: Equal<WriteAnswers["unredeemCode"], Answer<typeof unredeemCode>>;
  createApiKey: Equal<WriteAnswers["createApiKey"], Answer<typeof createApiKey>>;
  createEndpoint: Equal<WriteAnswers["createEndpoint"], Answer<typeof createEndpoint>>;
  updateEndpoint: Equal<WriteAnswers["updateEndpoint"], Answer<typeof updateEndpoint>>;
  sendTest: Equal<WriteAnswers["sendTest"], Answer<typeof sendTest>>;
  redeliver: Equal<WriteAnswers["redeliver"], Answer<typeof redeliver>>;
  findPerson: Equal<WriteAnswers["findPerson"], Answer<typeof findPerson>>;
  erasePerson: Equal<WriteAnswers["erasePerson"], Answer<typeof erasePerson>>;
  saveWhatsappSettings: Equal<WriteAnswers["saveWhatsappSettings"], Answer<typeof saveSettings>>;
  sendWhatsappTest: Equal<WriteAnswers["sendWhatsappTest"], Answer<typeof sendWhatsappTest>>;
  putRdStation: Equal<WriteAnswers["putRdStation"], Answer<typeof putRdStation>>;
  putIntegration: Equal<WriteAnswers["putIntegration"], Answer<typeof putIntegration>>;
  createUnit: Equal<WriteAnswers["createUnit"], Answer<typeof createUnit>>;
  moveExperiment: Equal<WriteAnswers["moveExperiment"], Answer<typeof moveExperiment>>;
  createExperiment: Equal<WriteAnswers["createExperiment"], Answer<typeof createExperiment>>;
  updateUnit: Equal<WriteAnswers["updateUnit"], Answer<typeof updateUnit>>;
  deleteUnit: Equal<WriteAnswers["deleteUnit"], Answer<typeof deleteUnit>>;
};

const reads = {
  dashboard: true,
  listInvitations: true,
  listLeads: true,
  listProducts: true,
  getProfile: true,
  report: true,
  listSources: true,
  listUsers: true,
  listEndpoints: true,
  listDeliveries: true,
  listWheels: true,
  listStores: true,
  getWhatsappSettings: true,
  getRdStation: true,
  getIntegration: true,
  listToolLists: true,
  wheelRefusals: true,
  listApiKeys: true,
  listUnits: true,
  listExperiments: true,
  experimentResults: true,
} satisfies {
  dashboard: Equal<ReadAnswers["dashboard"], Answer<typeof dashboard>>;
  listInvitations: Equal<ReadAnswers["listInvitations"], Answer<typeof listInvitations>>;
  listLeads: Equal<ReadAnswers["listLeads"], Answer<typeof listLeads>>;
  listProducts: Equal<ReadAnswers["listProducts"], Answer<typeof listProducts>>;
  getProfile: Equal<ReadAnswers["getProfile"], Answer<typeof getProfile>>;
  report: Equal<ReadAnswers["report"], Answer<typeof report>>;
  listSources: Equal<ReadAnswers["listSources"], Answer<typeof listSources>>;
  listUsers: Equal<ReadAnswers["listUsers"], Answer<typeof listUsers>>;
  listEndpoints: Equal<ReadAnswers["listEndpoints"], Answer<typeof listEndpoints>>;
  listDeliveries: Equal<ReadAnswers["listDeliveries"], Answer<typeof listDeliveries>>;
  listWheels: Equal<ReadAnswers["listWheels"], Answer<typeof listWheels>>;
  listStores: Equal<ReadAnswers["listStores"], Answer<typeof listStores>>;
  getWhatsappSettings: Equal<ReadAnswers["getWhatsappSettings"], Answer<typeof getSettings>>;
  getRdStation: Equal<ReadAnswers["getRdStation"], Answer<typeof getRdStation>>;
  getIntegration: Equal<ReadAnswers["getIntegration"], Answer<typeof getIntegration>>;
  listToolLists: Equal<ReadAnswers["listToolLists"], Answer<typeof listToolLists>>;
  wheelRefusals: Equal<ReadAnswers["wheelRefusals"], Answer<typeof wheelRefusals>>;
  listApiKeys: Equal<ReadAnswers["listApiKeys"], Answer<typeof listApiKeys>>;
  listUnits: Equal<ReadAnswers["listUnits"], Answer<typeof listUnits>>;
  listExperiments: Equal<ReadAnswers["listExperiments"], Answer<typeof listExperiments>>;
  experimentResults: Equal<ReadAnswers["experimentResults"], Answer<typeof experimentResults>>;
};

describe("lib/api-types", () => {
  it("names every write and read answer checked above", () => {
    expect(Object.keys(services)).toHaveLength(40);
    expect(Object.keys(reads)).toHaveLength(21);
  });
});
