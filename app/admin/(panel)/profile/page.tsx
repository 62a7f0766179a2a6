"use client";
// Meu Perfil: name (saved only when changed), read-only email, password change, account info.
import { signIn } from "next-auth/react";
import { useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { Field, PasswordField } from "@/components/ui/field";
import { Card, PageHeader, Spinner } from "@/components/ui/misc";
import { roleLabel } from "@/lib/auth/permissions";
import { api, ApiError, errorText } from "@/lib/http/client";
import { longDate } from "@/lib/ui/dates";
import { notify } from "@/lib/ui/toast";
import { PROFILE_MESSAGES as M, passwordChangeForm } from "@/lib/validation/profile";

interface Profile {
  id: string;
  name: string;
  email: string;
  role: string;
  company_name: string;
  company_slug: string;
  created_at: string;
}

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export default function ProfilePage() {
  const { user: me, refresh, switchCompany, logout } = useAdmin();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState("");
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState("");
  const [pw, setPw] = useState(EMPTY);
  const [show, setShow] = useState({ current: false, next: false, confirm: false });
  const [pwErrors, setPwErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<"name" | "password" | null>(null);

  useEffect(() => {
    api<{ user: Profile }>("/user/profile").then(
      ({ user }) => {
        if (!user) return setLoadError("Perfil não encontrado");
        setProfile(user);
        setName(user.name);
      },
      (err) => {
        const text = errorText(err, "Erro ao carregar perfil");
        setLoadError(text);
        notify.error(text);
      },
    );
  }, []);

  if (loadError) return <Card><p className="text-red-700">{loadError}</p></Card>;
  if (!profile) return <Spinner />;

  async function saveName(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setNameError(M.name);
    setNameError("");
    setBusy("name");
    try {
      const { user } = await api<{ user: Profile }>("/user/profile", { method: "PUT", body: { name } });
      setProfile(user);
      setName(user.name);
      notify.success(M.updated);
      await refresh();
    } catch (err) {
      notify.error(errorText(err, "Erro ao atualizar perfil"));
    } finally {
      setBusy(null);
    }
  }

  async function changePassword(e: React.FormEvent) {
    e.preventDefault();
    const parsed = passwordChangeForm.safeParse(pw);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const issue of parsed.error.issues) errs[String(issue.path[0])] ??= issue.message;
      return setPwErrors(errs);
    }
    setPwErrors({});
    setBusy("password");
    try {
      await api("/user/password", { method: "PUT", body: { currentPassword: pw.currentPassword, newPassword: pw.newPassword } });
      // The change revoked every session, this one included: sign in again with the new password
      // so this browser stays signed in (in the same company) while every other session ends.
      const again = await signIn("credentials", { email: profile!.email, password: pw.newPassword, redirect: false });
      setPw(EMPTY);
      notify.success(M.passwordChanged);
      if (!again || again.error) return void logout();
      // A fresh sign-in opens the default company; come back to the one in use.
      const now = await api<{ user: { company_id: string } }>("/auth/verify").catch(() => null);
      if (now && now.user.company_id !== me.company_id) await switchCompany(me.company_id).catch(() => undefined);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setPwErrors(err.fields);
      notify.error(errorText(err, "Erro ao alterar senha"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageHeader title="Meu Perfil" description="Seus dados de acesso ao painel." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <h2 className="mb-4 font-semibold text-gray-900">Informações pessoais</h2>
            <form onSubmit={saveName} noValidate className="space-y-4">
              <Field label="Nome" maxLength={255} value={name} error={nameError} onChange={(e) => setName(e.target.value)} />
              <Field label="Email" value={profile.email} disabled readOnly hint={M.emailLocked} />
              <Button type="submit" loading={busy === "name"} disabled={name === profile.name}>Salvar</Button>
            </form>
          </Card>
          <Card>
            <h2 className="mb-4 font-semibold text-gray-900">Alterar senha</h2>
            <form onSubmit={changePassword} noValidate className="space-y-4">
              <PasswordField label="Senha atual" autoComplete="current-password" value={pw.currentPassword} error={pwErrors.currentPassword} visible={show.current} onToggle={() => setShow({ ...show, current: !show.current })} onChange={(e) => setPw({ ...pw, currentPassword: e.target.value })} />
              <PasswordField label="Nova senha" autoComplete="new-password" value={pw.newPassword} error={pwErrors.newPassword} visible={show.next} onToggle={() => setShow({ ...show, next: !show.next })} onChange={(e) => setPw({ ...pw, newPassword: e.target.value })} />
              <PasswordField label="Confirmar nova senha" autoComplete="new-password" value={pw.confirmPassword} error={pwErrors.confirmPassword ?? (pw.confirmPassword && pw.confirmPassword !== pw.newPassword ? M.mismatch : undefined)} visible={show.confirm} onToggle={() => setShow({ ...show, confirm: !show.confirm })} onChange={(e) => setPw({ ...pw, confirmPassword: e.target.value })} />
              <Button type="submit" loading={busy === "password"}>Alterar senha</Button>
            </form>
          </Card>
        </div>
        <Card>
          <h2 className="font-semibold text-gray-900">Informações da conta</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div><dt className="text-gray-600">ID do usuário</dt><dd className="break-all font-mono text-xs">{profile.id}</dd></div>
            <div><dt className="text-gray-600">Papel</dt><dd>{roleLabel(profile.role, "profile")}</dd></div>
            <div><dt className="text-gray-600">Empresa</dt><dd>{profile.company_name}</dd></div>
            <div><dt className="text-gray-600">Slug da empresa</dt><dd className="font-mono text-xs">{profile.company_slug}</dd></div>
            <div><dt className="text-gray-600">Membro desde</dt><dd>{longDate(profile.created_at)}</dd></div>
          </dl>
        </Card>
      </div>
    </>
  );
}
