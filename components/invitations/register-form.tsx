"use client";
// The invited e-mail has no account yet: its holder creates one here, with a password of their
// own, and lands in the company that invited them. The page renders it on the server when signed
// out: no default values, so what was typed before hydration stays (see use-api-form.ts).
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AuthSubmit } from "@/components/auth/auth-card";
import { Field, PasswordField } from "@/components/ui/field";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { registerFromInvitationForm } from "@/lib/validation/invitations";
import { INVITATION_MESSAGES } from "@/lib/copy/invitations";

export function RegisterForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [show, setShow] = useState({ password: false, confirm: false });
  const { register, submit, formState } = useApiForm(registerFromInvitationForm);
  const e = formState.errors;

  const create = submit(
    async ({ name, password }) => {
      await endpoints.invitations.register({ token, name, password });
      await signIn("credentials", { email, password, redirect: false });
      notify.success(INVITATION_MESSAGES.accepted);
      router.replace("/admin");
      router.refresh();
    },
    { fallback: "Erro ao criar conta" },
  );

  return (
    <form onSubmit={create} noValidate className="space-y-4">
      <p className="text-sm text-gray-700">
        Crie sua conta para <strong className="break-all">{email}</strong>.
      </p>
      <Field label="Seu nome" autoComplete="name" error={e.name?.message} {...register("name")} />
      <PasswordField
        label="Senha"
        autoComplete="new-password"
        error={e.password?.message}
        visible={show.password}
        onToggle={() => setShow((s) => ({ ...s, password: !s.password }))}
        {...register("password")}
      />
      <PasswordField
        label="Confirmar senha"
        autoComplete="new-password"
        error={e.confirmPassword?.message}
        visible={show.confirm}
        onToggle={() => setShow((s) => ({ ...s, confirm: !s.confirm }))}
        {...register("confirmPassword")}
      />
      <AuthSubmit busy={formState.isSubmitting}>Criar conta e aceitar</AuthSubmit>
    </form>
  );
}
