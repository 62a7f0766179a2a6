"use client";
// Forgot password: always ends on the "sent" view, whatever the server answered (no enumeration).
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { api } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { AUTH_MESSAGES, forgotPasswordInput } from "@/lib/validation/auth";
import { AuthCard } from "./auth-card";

type Values = z.input<typeof forgotPasswordInput>;

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: "" },
  });

  async function onSubmit(values: Values) {
    try {
      await api("/auth/forgot-password", { method: "POST", body: values });
      notify.success(AUTH_MESSAGES.forgotToast);
    } catch {
      // The same view either way: the screen never says whether the account exists.
    }
    setSentTo(values.email);
  }

  if (sentTo) {
    return (
      <AuthCard title="Verifique seu email">
        <div className="space-y-3 text-sm text-gray-700">
          <p className="rounded-lg bg-green-50 p-3 text-green-800">{AUTH_MESSAGES.forgotSent}.</p>
          <p>
            Se existir uma conta para <strong>{sentTo}</strong>, enviamos as instruções para criar uma nova senha.
          </p>
          <p>Não encontrou? Verifique também a caixa de spam.</p>
          <p>O link expira em 1 hora.</p>
        </div>
        <div className="mt-6 flex flex-col gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              reset({ email: "" });
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
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register("email")} />
        <Button type="submit" loading={formState.isSubmitting} className="w-full">
          Enviar instruções
        </Button>
      </form>
      <Link href="/login" className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
        Voltar para o login
      </Link>
    </AuthCard>
  );
}
