import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignupForm } from "@/components/auth/signup-form";
import { signupOpen } from "@/lib/auth/signup";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Criar conta" };

export default async function SignupPage({ searchParams }: { searchParams: Promise<{ email?: string }> }) {
  // SIGNUP=invite: only an invitation creates an account, so there is no form to show.
  if (!signupOpen()) redirect("/admin/login");
  const { email } = await searchParams;
  return <SignupForm email={typeof email === "string" ? email : undefined} trial={!env().DEFAULT_PLAN} />;
}
