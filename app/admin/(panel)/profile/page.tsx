"use client";
// Meu Perfil: name (saved only when changed), read-only email, password change, account info.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, PasswordField } from "@/components/ui/field";
import { Card, PageHeader } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { roleLabel } from "@/lib/auth/permissions";
import { longDate } from "@/lib/dates/format";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { useProfile, type ProfileAnswer } from "@/lib/swr/use-profile";
import { notify } from "@/lib/ui/toast";
import { passwordChangeForm, profileInput } from "@/lib/validation/profile";
import { PROFILE_MESSAGES as M } from "@/lib/copy/profile";

type Profile = ProfileAnswer["user"];

function NameForm({ profile }: { profile: Profile }) {
  const form = useApiForm(profileInput, { defaultValues: { name: profile.name } });
  const save = form.submit(
    async ({ name }) => {
      const { user } = await endpoints.profile.update(name);
      form.reset({ name: user.name });
      notify.success(M.updated);
    },
    { fallback: "Erro ao atualizar perfil" },
  );
  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <Field label="Nome" maxLength={255} error={form.formState.errors.name?.message} {...form.register("name")} />
      <Field label="Email" value={profile.email} disabled readOnly hint={M.emailLocked} />
      <Button
        type="submit"
        loading={form.formState.isSubmitting}
        disabled={(form.watch("name") ?? profile.name) === profile.name}
      >
        Salvar
      </Button>
    </form>
  );
}

const NO_PASSWORDS = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** One call: the server changes the password, ends every other session and re-signs this one in. */
function PasswordForm() {
  const [show, setShow] = useState({ current: false, next: false, confirm: false });
  const form = useApiForm(passwordChangeForm, { defaultValues: NO_PASSWORDS });
  const e = form.formState.errors;
  const [next, confirm] = form.watch(["newPassword", "confirmPassword"]);
  const save = form.submit(
    async ({ currentPassword, newPassword }) => {
      await endpoints.profile.changePassword({ currentPassword, newPassword });
      form.reset(NO_PASSWORDS);
      notify.success(M.passwordChanged);
    },
    { fallback: "Erro ao alterar senha" },
  );
  const toggle = (k: keyof typeof show) => () => setShow((s) => ({ ...s, [k]: !s[k] }));
  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <PasswordField
        label="Senha atual"
        autoComplete="current-password"
        error={e.currentPassword?.message}
        visible={show.current}
        onToggle={toggle("current")}
        {...form.register("currentPassword")}
      />
      <PasswordField
        label="Nova senha"
        autoComplete="new-password"
        error={e.newPassword?.message}
        visible={show.next}
        onToggle={toggle("next")}
        {...form.register("newPassword")}
      />
      <PasswordField
        label="Confirmar nova senha"
        autoComplete="new-password"
        error={e.confirmPassword?.message ?? (confirm && confirm !== next ? M.mismatch : undefined)}
        visible={show.confirm}
        onToggle={toggle("confirm")}
        {...form.register("confirmPassword")}
      />
      <Button type="submit" loading={form.formState.isSubmitting}>
        Alterar senha
      </Button>
    </form>
  );
}

function AccountInfo({ profile }: { profile: Profile }) {
  const rows: [string, React.ReactNode, string?][] = [
    ["ID do usuário", profile.id, "font-mono text-xs break-all"],
    ["Papel", roleLabel(profile.role, "profile")],
    ["Empresa", profile.company_name],
    ["Slug da empresa", profile.company_slug, "font-mono text-xs break-all"],
    ["Membro desde", longDate(profile.created_at)],
  ];
  return (
    <Card>
      <h2 className="font-semibold text-gray-900">Informações da conta</h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map(([label, value, className]) => (
          <div key={label}>
            <dt className="text-gray-600">{label}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export default function ProfilePage() {
  return (
    <>
      <PageHeader title="Meu Perfil" description="Seus dados de acesso ao painel." />
      <QueryState query={useProfile()}>
        {({ user: profile }) => (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <Card>
                <h2 className="mb-4 font-semibold text-gray-900">Informações pessoais</h2>
                <NameForm profile={profile} />
              </Card>
              <Card>
                <h2 className="mb-4 font-semibold text-gray-900">Alterar senha</h2>
                <PasswordForm />
              </Card>
            </div>
            <AccountInfo profile={profile} />
          </div>
        )}
      </QueryState>
    </>
  );
}
