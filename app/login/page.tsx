import type { Metadata } from "next";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { signupOpen } from "@/lib/auth/signup";

export const metadata: Metadata = { title: "Entrar" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  return (
    <LoginForm
      target={safeCallbackUrl(typeof callbackUrl === "string" ? callbackUrl : null)}
      signupOpen={signupOpen()}
    />
  );
}
