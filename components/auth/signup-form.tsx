"use client";
// Sign-up screen: creates the company and its owner, then signs in and goes to /admin.
import { zodResolver } from "@hookform/resolvers/zod";
import { signIn, useSession } from "next-auth/react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field, PasswordField } from "@/components/ui/field";
import { Spinner } from "@/components/ui/misc";
import { api, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { AUTH_MESSAGES, signupForm } from "@/lib/validation/auth";
import { AuthCard } from "./auth-card";

type Values = z.input<typeof signupForm>;

export function SignupForm() {
  const router = useRouter();
  const params = useSearchParams();
  const { status } = useSession();
  const [show, setShow] = useState({ password: false, confirm: false });
  const [serverError, setServerError] = useState("");
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(signupForm),
    defaultValues: { companyName: "", name: "", email: params.get("email") ?? "", password: "", confirmPassword: "" },
  });
  const errors = formState.errors;

  useEffect(() => {
    if (status === "authenticated") router.replace("/admin");
  }, [status, router]);

  async function onSubmit(values: Values) {
    setServerError("");
    const { confirmPassword: _omit, ...payload } = values;
    void _omit;
    try {
      await api("/auth/signup", { method: "POST", body: payload });
      await signIn("credentials", { email: payload.email, password: payload.password, redirect: false });
      notify.success(AUTH_MESSAGES.signupOk);
      router.replace("/admin");
      router.refresh();
    } catch (err) {
      const message = errorText(err, AUTH_MESSAGES.signupFail);
      setServerError(message);
      notify.error(message);
    }
  }

  if (status === "authenticated") return <Spinner className="min-h-screen" />;
  return (
    <AuthCard title="Criar conta" subtitle="Teste grátis por 14 dias, sem cartão de crédito">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <Field label="Nome da empresa" autoComplete="organization" error={errors.companyName?.message} {...register("companyName")} />
        <Field label="Seu nome" autoComplete="name" error={errors.name?.message} {...register("name")} />
        <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
        <PasswordField
          label="Senha"
          autoComplete="new-password"
          visible={show.password}
          onToggle={() => setShow((s) => ({ ...s, password: !s.password }))}
          error={errors.password?.message}
          {...register("password")}
        />
        <PasswordField
          label="Confirmar senha"
          autoComplete="new-password"
          visible={show.confirm}
          onToggle={() => setShow((s) => ({ ...s, confirm: !s.confirm }))}
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
        {serverError && <p className="text-sm text-red-700">{serverError}</p>}
        <p className="text-xs text-gray-600">Ao criar uma conta, você concorda com os termos de uso.</p>
        <Button type="submit" loading={formState.isSubmitting} className="w-full">
          Criar conta
        </Button>
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
