"use client";
// Forgot password: always ends on the "sent" view, whatever the server answered (no enumeration).
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { forgotPasswordInput } from "@/lib/validation/auth";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { AuthCard, AuthSubmit } from "./auth-card";

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  // No default values: the field keeps what was typed before the page hydrated.
  const form = useApiForm(forgotPasswordInput);

  const onSubmit = form.submit(
    async ({ email }) => {
      // The same view either way: the screen never says whether the account exists.
      await endpoints.auth.forgotPassword(email).then(
        () => notify.success(AUTH_MESSAGES.forgotToast),
        () => undefined,
      );
      setSentTo(email);
    },
    { fallback: AUTH_MESSAGES.forgotSent },
  );

  if (sentTo) {
    return (
      <AuthCard title="Verifique seu email">
        <div className="space-y-3 text-sm text-gray-700">
          <p className="rounded-lg bg-green-50 p-3 text-green-800">{AUTH_MESSAGES.forgotSent}.</p>
          <p>
            Se existir uma conta para <strong className="break-all">{sentTo}</strong>, enviamos as instruções para criar
            uma nova senha.
          </p>
          <p>Não encontrou? Verifique também a caixa de spam.</p>
          <p>O link expira em 1 hora.</p>
        </div>
        <div className="mt-6 flex flex-col gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              form.reset({ email: "" });
              setSentTo(null);
            }}
          >
            Enviar para outro email
          </Button>
          <Link href="/login" className="text-center text-sm font-medium text-brand-700 hover:underline">
            Voltar para o login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Esqueceu sua senha?" subtitle="Informe seu email e enviaremos um link para criar uma nova senha.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register("email")}
        />
        <AuthSubmit busy={form.formState.isSubmitting}>Enviar instruções</AuthSubmit>
      </form>
      <Link href="/login" className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
        Voltar para o login
      </Link>
    </AuthCard>
  );
}
