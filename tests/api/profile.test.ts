// Own profile and password change: name rules, the current password, and revocation of every token.
import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { GET as verifyRoute } from "@/app/api/auth/verify/route";
import { PUT as passwordRoute } from "@/app/api/user/password/route";
import { GET as profileRoute, PUT as updateProfileRoute } from "@/app/api/user/profile/route";
import { db } from "@/lib/db/client";
import { addMember, createCompany, PASSWORD } from "../helpers/fixtures";
import { call } from "../helpers/http";

describe("GET and PUT /user/profile", () => {
  it("shows the caller's profile in the current company and edits only the name", async () => {
    const c = await createCompany("Perfil SA");
    const member = await addMember(c.companyId, "member");
    const prof = await call(profileRoute, { token: member.token });
    expect(prof.status).toBe(200);
    expect(prof.body.user).toMatchObject({
      id: member.id,
      name: "Pessoa member",
      email: member.email,
      role: "member",
      company_name: "Perfil SA",
      company_slug: c.slug,
    });
    expect(Number.isNaN(Date.parse(prof.body.user.created_at))).toBe(false);

    expect(
      (await call(updateProfileRoute, { method: "PUT", token: member.token, body: { name: " " } })).body.error,
    ).toBe("Nome é obrigatório");
    expect((await call(updateProfileRoute, { method: "PUT", token: member.token, body: {} })).body.error).toBe(
      "Nome é obrigatório",
    );
    const long = await call(updateProfileRoute, {
      method: "PUT",
      token: member.token,
      body: { name: "n".repeat(256) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("Nome deve ter no máximo 255 caracteres");

    const upd = await call(updateProfileRoute, {
      method: "PUT",
      token: member.token,
      body: { name: "Nome Novo", email: "hack@x.com" },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.user).toMatchObject({ name: "Nome Novo", email: member.email });
    const row = await (await db()).user.findUniqueOrThrow({ where: { id: member.id } });
    expect([row.name, row.email]).toEqual(["Nome Novo", member.email]);
    expect((await call(profileRoute, {})).status).toBe(401);
  });
});

describe("PUT /user/password", () => {
  it("validates with the messages and needs the right current password", async () => {
    const c = await createCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ newPassword: "abcdef" }, "Senha atual é obrigatória"],
      [{ currentPassword: "", newPassword: "abcdef" }, "Senha atual é obrigatória"],
      [{ currentPassword: PASSWORD }, "Nova senha é obrigatória"],
      [{ currentPassword: PASSWORD, newPassword: "" }, "Nova senha é obrigatória"],
      [{ currentPassword: PASSWORD, newPassword: "abc" }, "Nova senha deve ter pelo menos 6 caracteres"],
      [{ currentPassword: PASSWORD, newPassword: "é".repeat(37) }, "A senha deve ter no máximo 72 bytes"],
      [{ currentPassword: "errada-123", newPassword: "abcdefg" }, "Senha atual incorreta"],
    ];
    for (const [body, message] of cases) {
      const r = await call(passwordRoute, { method: "PUT", token: c.owner.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe(message);
    }
    // Nothing changed: the token still works and the old password still logs in.
    expect((await call(verifyRoute, { token: c.owner.token })).status).toBe(200);
    expect((await call(loginRoute, { body: { email: c.owner.email, password: PASSWORD } })).status).toBe(200);
  });

  it("changes the password and revokes every earlier token, the caller's included", async () => {
    const c = await createCompany();
    const member = await addMember(c.companyId, "member");
    const otherSession = await call(loginRoute, { body: { email: member.email, password: PASSWORD } });
    const ok = await call(passwordRoute, {
      method: "PUT",
      token: member.token,
      body: { currentPassword: PASSWORD, newPassword: "senha-nova-77" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: "Senha alterada com sucesso!" });
    expect((await call(profileRoute, { token: member.token })).status).toBe(401);
    expect((await call(verifyRoute, { token: otherSession.body.token })).status).toBe(401);
    expect((await call(loginRoute, { body: { email: member.email, password: PASSWORD } })).status).toBe(401);
    const fresh = await call(loginRoute, { body: { email: member.email, password: "senha-nova-77" } });
    expect(fresh.status).toBe(200);
    expect((await call(profileRoute, { token: fresh.body.token })).status).toBe(200);
    // Other people's sessions are not touched.
    expect((await call(verifyRoute, { token: c.owner.token })).status).toBe(200);
    const prisma = await db();
    expect(await prisma.auditLog.count({ where: { userId: member.id, action: "auth.password_changed" } })).toBe(1);
  });
});
