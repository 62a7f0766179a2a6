"use client";
// Reset password: strength meter, live match, success then /login after 3 s; no token -> /login after 2 s.
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/field";
import { passwordStrength, STRENGTH_LABEL } from "@/lib/auth/password-strength";
import { api, errorText } from "@/lib/http/client";
import { cn } from "@/lib/ui/cn";
import { notify } from "@/lib/ui/toast";
import { AUTH_MESSAGES } from "@/lib/validation/auth";
import { AuthCard } from "./auth-card";

const BAR = { weak: "w-1/3 bg-red-500", medium: "w-2/3 bg-yellow-500", strong: "w-full bg-green-600" } as const;

export function ResetPasswordForm() {
  const router = useRouter();
  const token = useSearchParams().get("token");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [show, setShow] = useState({ password: false, confirm: false });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    if (token) return;
    notify.error(AUTH_MESSAGES.resetNoToken);
    const t = setTimeout(() => router.replace("/login"), 2000);
    return () => clearTimeout(t);
  }, [token, router]);

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => router.replace("/login"), 3000);
    return () => clearTimeout(t);
  }, [done, router]);

  if (!token) {
    return (
      <AuthCard title="Redefinir senha">
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800">{AUTH_MESSAGES.resetNoToken}</p>
        <Link href="/login" className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
          Voltar para o login
        </Link>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Senha redefinida">
        <p className="rounded-lg bg-green-50 p-3 text-sm text-green-800">{AUTH_MESSAGES.resetOk}</p>
        <p className="mt-3 text-sm text-gray-700">Você será redirecionado para o login em instantes.</p>
        <Link href="/login" className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
          Ir para o login
        </Link>
      </AuthCard>
    );
  }

  const strength = passwordStrength(password);
  const longEnough = password.length >= 6;
  const matches = confirm.length > 0 && password === confirm;

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!longEnough || !matches) return;
    setBusy(true);
    setError("");
    try {
      await api("/auth/reset-password", { method: "POST", body: { token, newPassword: password } });
      notify.success(AUTH_MESSAGES.resetOk);
      setDone(true);
    } catch (err) {
      const message = errorText(err, AUTH_MESSAGES.resetFail);
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Redefinir senha" subtitle="Escolha uma nova senha para a sua conta.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <PasswordField
            label="Nova senha"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            visible={show.password}
            onToggle={() => setShow((s) => ({ ...s, password: !s.password }))}
            error={password && !longEnough ? AUTH_MESSAGES.resetMin : undefined}
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
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            visible={show.confirm}
            onToggle={() => setShow((s) => ({ ...s, confirm: !s.confirm }))}
          />
          {confirm && (
            <p className={cn("mt-1 text-xs", matches ? "text-green-700" : "text-red-700")} aria-live="polite">
              {matches ? "As senhas coincidem" : AUTH_MESSAGES.mismatch}
            </p>
          )}
        </div>
        {error && <p className="text-sm text-red-700">{error}</p>}
        <Button type="submit" loading={busy} disabled={!longEnough || !matches} className="w-full">
          Redefinir senha
        </Button>
      </form>
      <Link href="/login" className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
        Voltar para o login
      </Link>
    </AuthCard>
  );
}
