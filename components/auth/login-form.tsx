"use client";
// Sign-in screen (/login and /admin/login): next-auth credentials, back to the remembered page.
import { signIn, useSession } from "next-auth/react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, PasswordField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/misc";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { notify } from "@/lib/ui/toast";
import { AUTH_MESSAGES } from "@/lib/validation/auth";
import { AuthCard } from "./auth-card";

export function LoginForm() {
  const router = useRouter();
  const params = useSearchParams();
  const { status } = useSession();
  const target = safeCallbackUrl(params.get("callbackUrl"));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [show, setShow] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (status === "authenticated") router.replace(target);
  }, [status, router, target]);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.required);
      return;
    }
    setBusy(true);
    const res = await signIn("credentials", { email, password, redirect: false });
    setBusy(false);
    if (!res || res.error) {
      const message = res?.error && res.error !== "CredentialsSignin" ? res.error : AUTH_MESSAGES.badCredentials;
      setError(message);
      notify.error(message);
      return;
    }
    notify.success(AUTH_MESSAGES.loginOk);
    router.replace(target);
    router.refresh();
  }

  if (status === "authenticated") return <Spinner className="min-h-screen" />;
  return (
    <AuthCard title="Entrar" subtitle="Acesse o painel da sua empresa">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          visible={show}
          onToggle={() => setShow((s) => !s)}
        />
        {error && <p className="text-sm text-red-700">{error}</p>}
        <Button type="submit" loading={busy} className="w-full">
          Entrar
        </Button>
      </form>
      <div className="mt-6 flex justify-between text-sm">
        <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
          Esqueceu sua senha?
        </Link>
        <Link href="/admin/signup" className="font-medium text-brand-700 hover:underline">
          Criar conta
        </Link>
      </div>
    </AuthCard>
  );
}
