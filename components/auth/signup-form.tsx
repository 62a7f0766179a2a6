"use client";
// Sign-up screen: creates the company and its owner, then signs in and goes to /admin.
import { signIn, useSession } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Field, PasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/misc";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { signupForm } from "@/lib/validation/auth";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { AuthCard, AuthSubmit } from "./auth-card";

/**
 * `email` pre-fills the field (from the landing page's form) in the server's HTML; `trial`: a new
 * company starts on the 14-day trial (false when DEFAULT_PLAN names its plan).
 */
export function SignupForm({ email, trial = true }: { email?: string; trial?: boolean }) {
  const router = useRouter();
  const { status } = useSession();
  const [show, setShow] = useState({ password: false, confirm: false });
  // No default values: a field keeps what was typed before the page hydrated.
  const form = useApiForm(signupForm);
  const errors = form.formState.errors;

  useEffect(() => {
    if (status === "authenticated") router.replace("/admin");
  }, [status, router]);

  const onSubmit = form.submit(
    async ({ companyName, name, email, password }) => {
      const payload = { companyName, name, email, password }; // the confirmation is never sent
      await endpoints.auth.signup(payload);
      await signIn("credentials", { email: payload.email, password: payload.password, redirect: false });
      notify.success(AUTH_MESSAGES.signupOk);
      router.replace("/admin");
      router.refresh();
    },
    { fallback: AUTH_MESSAGES.signupFail },
  );

  if (status === "authenticated") return <Spinner className="min-h-screen" />;
  return (
    <AuthCard title="Criar conta" subtitle={trial ? "Teste grátis por 14 dias, sem cartão de crédito" : undefined}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Nome da empresa"
          autoComplete="organization"
          error={errors.companyName?.message}
          {...form.register("companyName")}
        />
        <Field label="Seu nome" autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <PasswordField
          label="Senha"
          autoComplete="new-password"
          visible={show.password}
          onToggle={() => setShow((s) => ({ ...s, password: !s.password }))}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <PasswordField
          label="Confirmar senha"
          autoComplete="new-password"
          visible={show.confirm}
          onToggle={() => setShow((s) => ({ ...s, confirm: !s.confirm }))}
          error={errors.confirmPassword?.message}
          {...form.register("confirmPassword")}
        />
        <FormError errors={errors} />
        <p className="text-xs text-gray-600">Ao criar uma conta, você concorda com os termos de uso.</p>
        <AuthSubmit busy={form.formState.isSubmitting}>Criar conta</AuthSubmit>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700">
        Já tem conta?{" "}
        <Link href="/admin/login" className="font-medium text-brand-700 hover:underline">
          Entrar
        </Link>
      </p>
    </AuthCard>
  );
}
