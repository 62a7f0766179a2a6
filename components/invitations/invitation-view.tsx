"use client";
// The /convite/{token} page. Signed in: accept (as the invited account; anyone else is told so).
// Signed out: sign in and come back here (or reset the password), or, when the e-mail has no
// account yet, create it here. An expired, used or cancelled link says so.
import Link from "next/link";
import { signOut, useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/misc";
import { roleLabel } from "@/lib/auth/permissions";
import type { invitationPreview } from "@/lib/invitations/accept";
import { FetchError, errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { INVITATION_MESSAGES as M } from "@/lib/copy/invitations";
import { RegisterForm } from "./register-form";

type Preview = NonNullable<Awaited<ReturnType<typeof invitationPreview>>>;

const GONE = { expired: M.expired, used: M.used, cancelled: M.cancelledByOwner } as const;
const linkClass =
  "block w-full rounded-lg bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700";
const textLink = "font-medium text-brand-700 hover:underline";

const loginHref = (token: string) => `/admin/login?callbackUrl=${encodeURIComponent(`/convite/${token}`)}`;

// The password an owner typed for this account (POST /users) is cleared only through a link e-mailed
// to it: changing it on the profile would not do, since whoever chose it knows it too.
function PasswordLinkStep({ email }: { email: string }) {
  const [state, setState] = useState<"idle" | "busy" | "sent">("idle");
  async function send() {
    setState("busy");
    try {
      await endpoints.auth.forgotPassword(email);
      setState("sent");
    } catch (err) {
      notify.error(errorText(err, "Não foi possível enviar o link. Tente novamente."));
      setState("idle");
    }
  }
  if (state === "sent")
    return <p className="rounded-lg bg-green-50 p-3 text-sm text-green-800">{M.passwordLinkSent}</p>;
  return (
    <Button variant="secondary" className="w-full" loading={state === "busy"} onClick={() => void send()}>
      Enviar link para criar minha senha
    </Button>
  );
}

function AcceptStep({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ code?: string; message: string } | null>(null);

  async function accept() {
    setBusy(true);
    setProblem(null);
    try {
      const r = await endpoints.invitations.accept(token);
      // Straight into the company that invited: the switch re-signs this browser's session.
      await endpoints.auth.switchCompany(r.company.id);
      notify.success(r.message);
      router.replace("/admin");
      router.refresh();
    } catch (err) {
      const message = errorText(err, "Erro ao aceitar convite");
      setProblem({ code: err instanceof FetchError ? err.code : undefined, message });
      notify.error(message);
      setBusy(false);
    }
  }

  // Already a member, or the link was used, cancelled or expired meanwhile: nothing left to accept.
  const settled = problem?.code === "CONFLICT" || !!problem?.code?.startsWith("INVITATION_");
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        O convite foi enviado para <strong className="break-all">{email}</strong>.
      </p>
      {problem && <p className="text-sm text-red-700">{problem.message}</p>}
      {problem?.code === "PASSWORD_CHANGE_REQUIRED" && <PasswordLinkStep email={email} />}
      {problem?.code === "FORBIDDEN" && (
        <Button variant="secondary" className="w-full" onClick={() => void signOut({ callbackUrl: loginHref(token) })}>
          Entrar com outra conta
        </Button>
      )}
      {settled ? (
        <Link href="/admin" className={linkClass}>
          Ir para o painel
        </Link>
      ) : (
        problem?.code !== "FORBIDDEN" && (
          <Button className="w-full" loading={busy} onClick={accept}>
            Aceitar convite
          </Button>
        )
      )}
    </div>
  );
}

function SignInStep({ token, email }: { token: string; email: string }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        Entre com a conta <strong className="break-all">{email}</strong> para aceitar o convite.
      </p>
      <Link href={loginHref(token)} className={linkClass}>
        Entrar para aceitar
      </Link>
      <Link href="/forgot-password" className={`${textLink} block text-center text-sm`}>
        Esqueceu sua senha?
      </Link>
    </div>
  );
}

export function InvitationView({
  token,
  preview,
  signedOut,
}: {
  token: string;
  preview: Preview | null;
  /** The request had no session cookie: no need to wait for the session's fetch to know. */
  signedOut: boolean;
}) {
  const session = useSession();
  const status = session.status === "loading" && signedOut ? "unauthenticated" : session.status;
  const unavailable = !preview ? M.notFound : preview.state === "pending" ? null : GONE[preview.state];
  if (!preview || unavailable) {
    return (
      <AuthCard title="Convite indisponível">
        <p className="text-sm text-gray-700">{unavailable}</p>
        <Link href="/admin/login" className={`${linkClass} mt-6`}>
          Ir para o login
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Convite para a equipe"
      subtitle={`Você foi convidado para a equipe de ${preview.companyName} como ${roleLabel(preview.role)}.`}
    >
      {status === "loading" ? (
        <Spinner />
      ) : status === "authenticated" ? (
        <AcceptStep token={token} email={preview.email} />
      ) : preview.hasAccount ? (
        <SignInStep token={token} email={preview.email} />
      ) : (
        <RegisterForm token={token} email={preview.email} />
      )}
    </AuthCard>
  );
}
