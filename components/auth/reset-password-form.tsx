"use client";
// Reset password: strength meter, live match, success then /login after 3 s; no token -> /login after 2 s.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { PasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { passwordStrength, STRENGTH_LABEL } from "@/lib/auth/password-strength";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { cn } from "@/lib/ui/cn";
import { notify } from "@/lib/ui/toast";
import { resetPasswordForm } from "@/lib/validation/auth";
import { AUTH_MESSAGES } from "@/lib/copy/auth";
import { AuthCard, AuthSubmit } from "./auth-card";

const BAR = { weak: "w-1/3 bg-red-500", medium: "w-2/3 bg-yellow-500", strong: "w-full bg-green-600" } as const;
const BACK_TO_LOGIN_MS = { noToken: 2000, done: 3000 };

function BackToLogin({ label = "Voltar para o login" }: { label?: string }) {
  return (
    <Link href="/login" className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
      {label}
    </Link>
  );
}

export function ResetPasswordForm({ token }: { token: string | null }) {
  const router = useRouter();
  const [show, setShow] = useState({ password: false, confirm: false });
  const [done, setDone] = useState(false);
  // No default values: the fields keep what was typed before the page hydrated.
  const form = useApiForm(resetPasswordForm);
  const password = form.watch("newPassword") ?? "";
  const confirm = form.watch("confirmPassword") ?? "";

  useEffect(() => {
    if (token && !done) return;
    if (!token) notify.error(AUTH_MESSAGES.resetNoToken);
    const t = setTimeout(() => router.replace("/login"), token ? BACK_TO_LOGIN_MS.done : BACK_TO_LOGIN_MS.noToken);
    return () => clearTimeout(t);
  }, [token, done, router]);

  const onSubmit = form.submit(
    async ({ newPassword }) => {
      await endpoints.auth.resetPassword(token ?? "", newPassword);
      notify.success(AUTH_MESSAGES.resetOk);
      setDone(true);
    },
    { fallback: AUTH_MESSAGES.resetFail },
  );

  if (!token) {
    return (
      <AuthCard title="Redefinir senha">
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{AUTH_MESSAGES.resetNoToken}</p>
        <BackToLogin />
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Senha redefinida">
        <p className="rounded-lg bg-green-50 p-3 text-sm text-green-800">{AUTH_MESSAGES.resetOk}</p>
        <p className="mt-3 text-sm text-gray-700">Você será redirecionado para o login em instantes.</p>
        <BackToLogin label="Ir para o login" />
      </AuthCard>
    );
  }

  const strength = passwordStrength(password);
  const longEnough = password.length >= 6;
  const matches = confirm.length > 0 && password === confirm;
  const errors = form.formState.errors;

  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para a sua conta.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            visible={show.password}
            onToggle={() => setShow((s) => ({ ...s, password: !s.password }))}
            error={errors.newPassword?.message ?? (password && !longEnough ? AUTH_MESSAGES.resetMin : undefined)}
            {...form.register("newPassword")}
          />
          {password && (
            <div className="mt-2" aria-live="polite">
              <div className="h-1.5 w-full rounded bg-gray-200">
                <div className={cn("h-1.5 rounded", BAR[strength])} />
              </div>
              <p className="mt-1 text-xs text-gray-700">Força da senha: {STRENGTH_LABEL[strength]}</p>
            </div>
          )}
        </div>
        <div>
          <PasswordField
            label="Confirmar nova senha"
            autoComplete="new-password"
            visible={show.confirm}
            onToggle={() => setShow((s) => ({ ...s, confirm: !s.confirm }))}
            error={errors.confirmPassword?.message}
            {...form.register("confirmPassword")}
          />
          {confirm && (
            <p className={cn("mt-1 text-xs", matches ? "text-green-700" : "text-red-700")} aria-live="polite">
              {matches ? "As senhas coincidem" : AUTH_MESSAGES.mismatch}
            </p>
          )}
        </div>
        <FormError errors={errors} />
        <AuthSubmit busy={form.formState.isSubmitting} disabled={!longEnough || !matches}>
          Redefinir senha
        </AuthSubmit>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
