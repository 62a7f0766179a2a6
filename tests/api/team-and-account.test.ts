import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as verifyRoute } from "@/app/api/auth/verify/route";
import { GET as checkSlugRoute } from "@/app/api/company/check-slug/[slug]/route";
import { GET as companyRoute, PUT as updateCompanyRoute } from "@/app/api/company/profile/route";
import { PUT as passwordRoute } from "@/app/api/user/password/route";
import { GET as profileRoute, PUT as updateProfileRoute } from "@/app/api/user/profile/route";
import { GET as listUsersRoute, POST as createUserRoute } from "@/app/api/users/route";
import { DELETE as deleteUserRoute, PUT as updateUserRoute } from "@/app/api/users/[id]/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany, PASSWORD } from "../helpers/fixtures";
import { call, uniqueEmail } from "../helpers/http";

describe("users API (spec section 6)", () => {
  it("lets the owner list, create, edit and delete; admins list only; members nothing", async () => {
    const c = await createCompany();
    const admin = await addMember(c.companyId, "admin");
    const member = await addMember(c.companyId, "member");
    const list = await call(listUsersRoute, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.users.map((u: { role: string }) => u.role).sort()).toEqual(["admin", "member", "owner"]);
    const denied = await call(listUsersRoute, { token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("Você não tem permissão para gerenciar usuários.");
    const email = uniqueEmail("novo");
    expect((await call(createUserRoute, { token: admin.token, body: { name: "X", email, password: PASSWORD, role: "member" } })).status).toBe(403);

    const created = await call(createUserRoute, { token: c.owner.token, body: { name: "Nova Pessoa", email, password: PASSWORD, role: "member" } });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ name: "Nova Pessoa", email, role: "member", last_login_at: null });
    const search = await call(listUsersRoute, { token: c.owner.token, url: "/api/users?search=NOVA" });
    expect(search.body.users.map((u: { email: string }) => u.email)).toEqual([email]);

    const upd = await call(updateUserRoute, { method: "PUT", token: c.owner.token, params: { id: created.body.user.id }, body: { name: "Pessoa Editada", role: "admin" } });
    expect(upd.body.user).toMatchObject({ name: "Pessoa Editada", role: "admin", email });
    expect((await call(updateUserRoute, { method: "PUT", token: c.owner.token, params: { id: c.owner.id }, body: { name: "X", role: "member" } })).status).toBe(403);
    expect((await call(deleteUserRoute, { method: "DELETE", token: c.owner.token, params: { id: c.owner.id } })).status).toBe(403);
    const del = await call(deleteUserRoute, { method: "DELETE", token: c.owner.token, params: { id: member.id } });
    expect(del.status).toBe(200);
    expect((await call(verifyRoute, { token: member.token })).status).toBe(401);
  });

  it("validates, refuses the owner role, and adds existing accounts as members keeping their password", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const missing = await call(createUserRoute, { token: a.owner.token, body: { name: "", email: "", password: "" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("Todos os campos são obrigatórios");
    const owner = await call(createUserRoute, { token: a.owner.token, body: { name: "X", email: uniqueEmail(), password: PASSWORD, role: "owner" } });
    expect(owner.status).toBe(400);
    const join = await call(createUserRoute, { token: a.owner.token, body: { name: "Outro", email: b.owner.email, password: "outra-senha-9", role: "admin" } });
    expect(join.status).toBe(201);
    const login = await call(loginRoute, { body: { email: b.owner.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.availableCompanies).toHaveLength(2);
    const again = await call(createUserRoute, { token: a.owner.token, body: { name: "Outro", email: b.owner.email, password: PASSWORD } });
    expect(again.status).toBe(409);
    // Another company's user id is 404 here, and nothing changes there.
    const cross = await call(updateUserRoute, { method: "PUT", token: b.owner.token, params: { id: a.owner.id }, body: { name: "Hack", role: "member" } });
    expect(cross.status).toBe(404);
  });
});

describe("company profile", () => {
  it("shows plan, subscription and usage; only the owner updates; slug rules", async () => {
    const a = await createCompany("Empresa Perfil");
    const b = await createCompany("Outra Perfil");
    const admin = await addMember(a.companyId, "admin");
    const get = await call(companyRoute, { token: admin.token });
    expect(get.body.company).toMatchObject({ name: "Empresa Perfil", subscription_name: "Pro", plan: { name: "Pro", pricing: { yearly: 97, monthly: 8.08 } } });
    expect(get.body.company.subscription.status).toBe("trial");
    expect(get.body.company.usage.wheels).toEqual({ current: 0, limit: -1, unlimited: true, percentage: 0 });
    const denied = await call(updateCompanyRoute, { method: "PUT", token: admin.token, body: { name: "X", slug: "xyz" } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("Apenas o proprietário pode atualizar os dados da empresa");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "", slug: "abc" }, 400, "Nome da empresa é obrigatório"],
      [{ name: "A", slug: "ab" }, 400, "Slug deve ter entre 3 e 50 caracteres"],
      [{ name: "A", slug: "Com Espaço" }, 400, "Slug deve conter apenas letras minúsculas, números e hífens"],
      [{ name: "A", slug: b.slug }, 409, "Este slug já está em uso"],
    ];
    for (const [body, status, message] of cases) {
      const r = await call(updateCompanyRoute, { method: "PUT", token: a.owner.token, body });
      expect(r.status).toBe(status);
      expect(r.body.error).toBe(message);
    }
    const newSlug = `nova-${Date.now()}`;
    const ok = await call(updateCompanyRoute, { method: "PUT", token: a.owner.token, body: { name: "Nome Novo", slug: newSlug, email: "contato@x.com", phone: "(11) 98765-4321" } });
    expect(ok.status).toBe(200);
    expect(ok.body.company).toMatchObject({ name: "Nome Novo", slug: newSlug, phone: "11987654321", email: "contato@x.com" });
    expect((await call(checkSlugRoute, { token: a.owner.token, params: { slug: newSlug } })).body.available).toBe(true);
    expect((await call(checkSlugRoute, { token: a.owner.token, params: { slug: b.slug } })).body.available).toBe(false);
    expect((await call(checkSlugRoute, { token: a.owner.token, params: { slug: "x" } })).body.available).toBe(false);
  });
});

describe("profile and password", () => {
  it("edits the name, and changing the password needs the current one and revokes tokens", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    const prof = await call(profileRoute, { token: member.token });
    expect(prof.body.user).toMatchObject({ email: member.email, role: "member", company_id: c.companyId });
    expect((await call(updateProfileRoute, { method: "PUT", token: member.token, body: { name: " " } })).body.error).toBe("Nome é obrigatório");
    const upd = await call(updateProfileRoute, { method: "PUT", token: member.token, body: { name: "Nome Novo", email: "hack@x.com" } });
    expect(upd.body.user).toMatchObject({ name: "Nome Novo", email: member.email });
    const msgs: [Record<string, unknown>, string][] = [
      [{ currentPassword: "", newPassword: "abcdef" }, "Senha atual é obrigatória"],
      [{ currentPassword: PASSWORD, newPassword: "" }, "Nova senha é obrigatória"],
      [{ currentPassword: PASSWORD, newPassword: "abc" }, "Nova senha deve ter pelo menos 6 caracteres"],
      [{ currentPassword: "errada-123", newPassword: "abcdefg" }, "Senha atual incorreta"],
    ];
    for (const [body, message] of msgs) {
      const r = await call(passwordRoute, { method: "PUT", token: member.token, body });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(message);
    }
    const ok = await call(passwordRoute, { method: "PUT", token: member.token, body: { currentPassword: PASSWORD, newPassword: "senha-nova-77" } });
    expect(ok.body).toEqual({ message: "Senha alterada com sucesso!" });
    expect((await call(profileRoute, { token: member.token })).status).toBe(401);
    expect((await call(loginRoute, { body: { email: member.email, password: "senha-nova-77" } })).status).toBe(200);
    const prisma = await db();
    expect((await prisma.auditLog.count({ where: { userId: member.id, action: "auth.password_changed" } }))).toBe(1);
  });
});
