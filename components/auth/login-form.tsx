"use client";
// Sign-in screen (/login and /admin/login): next-auth credentials, back to the remembered page.
import { signIn, useSession } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Field, PasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { Spinner } from "@/components/ui/misc";
import { useApiForm } from "@/lib/forms/use-api-form";
import { FetchError } from "@/lib/swr/fetcher";
import { notify } from "@/lib/ui/toast";
import { loginInput } from "@/lib/validation/auth";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { AuthCard, AuthSubmit } from "./auth-card";

/** `signupOpen`: false with SIGNUP=invite, where only an invitation creates an account. */
export function LoginForm({ target, signupOpen }: { target: string; signupOpen: boolean }) {
  const router = useRouter();
  const { status } = useSession();
  const [show, setShow] = useState(false);
  // No default values: a field keeps what was typed before the page hydrated.
  const form = useApiForm(loginInput);
  const errors = form.formState.errors;

  useEffect(() => {
    if (status === "authenticated") router.replace(target);
  }, [status, router, target]);

  const onSubmit = form.submit(
    async ({ email, password }) => {
      const res = await signIn("credentials", { email, password, redirect: false });
      if (!res || res.error) {
        const message = res?.error && res.error !== "CredentialsSignin" ? res.error : AUTH_MESSAGES.badCredentials;
        throw new FetchError(message, 401);
      }
      notify.success(AUTH_MESSAGES.loginOk);
      router.replace(target);
      router.refresh();
    },
    { fallback: AUTH_MESSAGES.badCredentials },
  );

  if (status === "authenticated") return <Spinner className="min-h-screen" />;
  return (
    <AuthCard title="Entrar" subtitle="Acesse o painel da sua empresa">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          visible={show}
          onToggle={() => setShow((s) => !s)}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <FormError errors={errors} />
        <AuthSubmit busy={form.formState.isSubmitting}>Entrar</AuthSubmit>
      </form>
      <div className="mt-6 flex justify-between gap-3 text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
          Esqueceu sua senha?
        </Link>
        {signupOpen && (
          <Link href="/admin/signup" className="font-medium text-brand-700 hover:underline">
            Criar conta
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
