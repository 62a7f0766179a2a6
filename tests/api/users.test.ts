// Team users API: view_users to list (owner, admin), write_users to change (owner only),
// owner rows locked, existing accounts are refused (they are invited), names of people who work for
// several companies are theirs alone, removal revokes that company's tokens.
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as switchRoute } from "@/app/api/auth/switch-company/route";
import { GET as verifyRoute } from "@/app/api/auth/verify/route";
import { GET as listUsersRoute, POST as createUserRoute } from "@/app/api/users/route";
import { DELETE as deleteUserRoute, PUT as updateUserRoute } from "@/app/api/users/[id]/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany, PASSWORD } from "../helpers/fixtures";
import { call, uniqueEmail } from "../helpers/http";
import { inviteAndAccept } from "../helpers/invitations";

const ONLY_OWNER = "Apenas o proprietário pode gerenciar usuários";

describe("GET /users", () => {
  it("lists the company's users for owner and admin, with search on name or email; members get 403", async () => {
    const c = await createCompany();
    const other = await createCompany();
    const admin = await addMember(c.companyId, "admin");
    const member = await addMember(c.companyId, "member");
    await addMember(other.companyId, "member");

    const list = await call(listUsersRoute, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.users).toHaveLength(3);
    expect(list.body.users.map((u: { role: string }) => u.role).sort()).toEqual(["admin", "member", "owner"]);
    expect(Object.keys(list.body.users[0]).sort()).toEqual([
      "created_at",
      "email",
      "id",
      "last_login_at",
      "name",
      "role",
      "unit_ids",
    ]);
    // addMember logs in, so last_login_at is set; the owner signed up (also counts as a login).
    expect(list.body.users.find((u: { id: string }) => u.id === member.id).email).toBe(member.email);

    const denied = await call(listUsersRoute, { token: member.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("Você não tem permissão para gerenciar usuários.");
    expect((await call(listUsersRoute, {})).status).toBe(401);

    const byName = await call(listUsersRoute, { token: c.owner.token, url: "/api/users?search=PESSOA%20MEMB" });
    expect(byName.body.users.map((u: { id: string }) => u.id)).toEqual([member.id]);
    const byEmail = await call(listUsersRoute, {
      token: c.owner.token,
      url: `/api/users?search=${encodeURIComponent(admin.email.slice(0, 12).toUpperCase())}`,
    });
    expect(byEmail.body.users.map((u: { id: string }) => u.id)).toEqual([admin.id]);
    const none = await call(listUsersRoute, { token: c.owner.token, url: "/api/users?search=ninguem-com-esse-nome" });
    expect(none.body.users).toEqual([]);
  });
});

describe("POST /users", () => {
  it("only the owner creates; admin and member get 403 and nothing is created", async () => {
    const c = await createCompany();
    const admin = await addMember(c.companyId, "admin");
    const member = await addMember(c.companyId, "member");
    const email = uniqueEmail("negado");
    for (const token of [admin.token, member.token]) {
      const r = await call(createUserRoute, { token, body: { name: "X", email, password: PASSWORD, role: "member" } });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(ONLY_OWNER);
    }
    expect(await (await db()).user.count({ where: { email } })).toBe(0);

    const created = await call(createUserRoute, {
      token: c.owner.token,
      body: { name: "Nova Pessoa", email: email.toUpperCase(), password: PASSWORD, role: "admin" },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ name: "Nova Pessoa", email, role: "admin", last_login_at: null });
    const login = await call(loginRoute, { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe("admin");
  });

  it("validates: all fields required, role admin, member or attendant only, email, password length and 72 bytes", async () => {
    const c = await createCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", email: "", password: "" }, "Todos os campos são obrigatórios"],
      [{ name: "Ana", email: uniqueEmail(), password: "" }, "Todos os campos são obrigatórios"],
      [{ name: "Ana", password: PASSWORD }, "Todos os campos são obrigatórios"],
      [{ email: uniqueEmail(), password: PASSWORD }, "Todos os campos são obrigatórios"],
      [{ name: "Ana", email: "nao-e-email", password: PASSWORD }, "Por favor, informe um email válido"],
      [{ name: "Ana", email: uniqueEmail(), password: "123" }, "A senha deve ter pelo menos 6 caracteres"],
      [{ name: "Ana", email: uniqueEmail(), password: "ç".repeat(37) }, "A senha deve ter no máximo 72 bytes"],
      [
        { name: "Ana", email: uniqueEmail(), password: PASSWORD, role: "owner" },
        "Papel inválido: escolha Usuário, Administrador ou Atendente",
      ],
      [{ name: "a".repeat(256), email: uniqueEmail(), password: PASSWORD }, "Nome deve ter no máximo 255 caracteres"],
    ];
    for (const [body, message] of cases) {
      const r = await call(createUserRoute, { token: c.owner.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe(message);
    }
    const list = await call(listUsersRoute, { token: c.owner.token });
    expect(list.body.users).toHaveLength(1);
  });

  it("a missing name, email or password answers the spec's one message, each box keeping its own words", async () => {
    const c = await createCompany();
    const r = await call(createUserRoute, { token: c.owner.token, body: { name: " ", password: "" } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("Todos os campos são obrigatórios");
    expect(r.body.details.fields).toEqual({
      name: "Informe o nome",
      email: "Informe o email",
      password: "Informe a senha",
    });
  });

  it("an email that already has an account answers 409, reveals nothing of it and changes nothing", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const prisma = await db();
    const before = await prisma.user.findUniqueOrThrow({ where: { id: b.owner.id } });
    for (const email of [b.owner.email, b.owner.email.toUpperCase(), a.owner.email]) {
      const r = await call(createUserRoute, {
        token: a.owner.token,
        body: { name: "Outro Nome", email, password: "escolhida-pelo-dono", role: "member" },
      });
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ error: "Este email já está cadastrado", code: "CONFLICT" });
    }
    expect(await prisma.membership.count({ where: { userId: b.owner.id } })).toBe(1);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: b.owner.id } })).toEqual(before);
    expect((await call(loginRoute, { body: { email: b.owner.email, password: "escolhida-pelo-dono" } })).status).toBe(
      401,
    );
  });

  it("marks an account created with the owner's password as needing its holder's own password", async () => {
    const c = await createCompany();
    const email = uniqueEmail("caixa");
    const r = await call(createUserRoute, { token: c.owner.token, body: { name: "Caixa", email, password: PASSWORD } });
    expect(r.status).toBe(201);
    const prisma = await db();
    expect((await prisma.user.findUniqueOrThrow({ where: { email } })).passwordChangeRequired).toBe(true);
  });
});

describe("PUT /users/{id}", () => {
  it("the owner changes name and role; email never changes; owner rows and other roles are refused", async () => {
    const c = await createCompany();
    const admin = await addMember(c.companyId, "admin");
    const member = await addMember(c.companyId, "member");
    const upd = await call(updateUserRoute, {
      method: "PUT",
      token: c.owner.token,
      params: { id: member.id },
      body: { name: "Pessoa Editada", role: "admin", email: "hack@x.com" },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.user).toMatchObject({ id: member.id, name: "Pessoa Editada", role: "admin", email: member.email });

    const lockedOwner = await call(updateUserRoute, {
      method: "PUT",
      token: c.owner.token,
      params: { id: c.owner.id },
      body: { name: "X", role: "member" },
    });
    expect(lockedOwner.status).toBe(403);
    expect(lockedOwner.body.error).toBe("O proprietário não pode ser editado ou excluído");
    const byAdmin = await call(updateUserRoute, {
      method: "PUT",
      token: admin.token,
      params: { id: member.id },
      body: { name: "Y", role: "member" },
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toBe(ONLY_OWNER);
    const toOwner = await call(updateUserRoute, {
      method: "PUT",
      token: c.owner.token,
      params: { id: admin.id },
      body: { name: "Z", role: "owner" },
    });
    expect(toOwner.status).toBe(400);
    const noName = await call(updateUserRoute, {
      method: "PUT",
      token: c.owner.token,
      params: { id: admin.id },
      body: { name: " ", role: "member" },
    });
    expect(noName.body.error).toBe("Nome é obrigatório");

    const prisma = await db();
    const m = await prisma.membership.findUniqueOrThrow({
      where: { userId_companyId: { userId: member.id, companyId: c.companyId } },
      include: { user: true },
    });
    expect([m.role, m.user.name]).toEqual(["admin", "Pessoa Editada"]);
    const o = await prisma.membership.findUniqueOrThrow({
      where: { userId_companyId: { userId: c.owner.id, companyId: c.companyId } },
      include: { user: true },
    });
    expect([o.role, o.user.name]).toEqual(["owner", "Dono Teste"]);
  });

  it("another company's user id answers 404 and changes nothing", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const bMember = await addMember(b.companyId, "member");
    const cross = await call(updateUserRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: bMember.id },
      body: { name: "Hack", role: "admin" },
    });
    expect(cross.status).toBe(404);
    const delCross = await call(deleteUserRoute, {
      method: "DELETE",
      token: a.owner.token,
      params: { id: bMember.id },
    });
    expect(delCross.status).toBe(404);
    const m = await (
      await db()
    ).membership.findUniqueOrThrow({
      where: { userId_companyId: { userId: bMember.id, companyId: b.companyId } },
      include: { user: true },
    });
    expect([m.role, m.user.name]).toEqual(["member", "Pessoa member"]);
    expect((await call(verifyRoute, { token: bMember.token })).status).toBe(200);
  });

  it("the rename attack: a person of several companies keeps their name; the role alone still changes", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const person = await addMember(b.companyId, "member");
    await inviteAndAccept(a.owner.token, person);
    const prisma = await db();
    const state = async () => {
      const u = await prisma.user.findUniqueOrThrow({ where: { id: person.id }, include: { memberships: true } });
      return { name: u.name, roles: Object.fromEntries(u.memberships.map((m) => [m.companyId, m.role])) };
    };
    const before = await state();

    const rename = await call(updateUserRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: person.id },
      body: { name: "Nome Trocado", role: "admin" },
    });
    expect(rename.status).toBe(403);
    expect(rename.body.error).toBe("Somente o próprio usuário pode alterar o nome.");
    expect(await state()).toEqual(before); // nothing half-written: not even the role

    const roleOnly = await call(updateUserRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: person.id },
      body: { role: "admin" },
    });
    expect(roleOnly.status).toBe(200);
    expect(roleOnly.body.user).toMatchObject({ name: before.name, role: "admin" });
    // The screen sends the unchanged name with the role: not a rename.
    const sameName = await call(updateUserRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: person.id },
      body: { name: before.name, role: "member" },
    });
    expect(sameName.status).toBe(200);
    expect(await state()).toEqual({ name: before.name, roles: { [a.companyId]: "member", [b.companyId]: "member" } });
    const empty = await call(updateUserRoute, {
      method: "PUT",
      token: a.owner.token,
      params: { id: person.id },
      body: {},
    });
    expect(empty.status).toBe(400);
  });
});

describe("DELETE /users/{id}", () => {
  it("removes the membership, revokes that user's tokens here, keeps accounts used elsewhere", async () => {
    const a = await createCompany();
    const b = await createCompany();
    const admin = await addMember(a.companyId, "admin");
    const member = await addMember(a.companyId, "member");
    // b's owner also works at a.
    await inviteAndAccept(a.owner.token, b.owner);
    const shared = await call(switchRoute, { token: b.owner.token, body: { companyId: a.companyId } });
    expect(shared.status).toBe(200);

    for (const token of [admin.token, member.token]) {
      const r = await call(deleteUserRoute, { method: "DELETE", token, params: { id: member.id } });
      expect(r.status).toBe(403);
    }
    expect(
      (await call(deleteUserRoute, { method: "DELETE", token: a.owner.token, params: { id: a.owner.id } })).status,
    ).toBe(403);

    const del = await call(deleteUserRoute, { method: "DELETE", token: a.owner.token, params: { id: member.id } });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe("Usuário removido com sucesso");
    expect((await call(verifyRoute, { token: member.token })).status).toBe(401);
    const prisma = await db();
    expect(await prisma.user.count({ where: { id: member.id } })).toBe(0);

    expect(
      (await call(deleteUserRoute, { method: "DELETE", token: a.owner.token, params: { id: b.owner.id } })).status,
    ).toBe(200);
    expect(await prisma.user.count({ where: { id: b.owner.id } })).toBe(1);
    expect(await prisma.membership.count({ where: { userId: b.owner.id } })).toBe(1);
    expect((await call(verifyRoute, { token: b.owner.token })).status).toBe(200);
    // Their token for company a stops working; the one for their own company still does.
    expect((await call(verifyRoute, { token: shared.body.token })).status).toBe(401);
    const users = (await call(listUsersRoute, { token: a.owner.token })).body.users
      .map((u: { id: string }) => u.id)
      .sort();
    expect(users).toEqual([a.owner.id, admin.id].sort());
  });
});
