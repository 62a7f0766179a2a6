import type { Metadata } from "next";
import { cookies } from "next/headers";
import { InvitationView } from "@/components/invitations/invitation-view";
import { COOKIE_NAMES } from "@/lib/auth/session-cookie";
import { invitationPreview } from "@/lib/invitations/accept";

// The link carries a secret: never indexed, never sent on as a referrer (see also lib/security/headers.ts).
export const metadata: Metadata = {
  title: "Convite",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};
export const dynamic = "force-dynamic";

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  // Without a session cookie (next-auth may split one into .0, .1...) the visitor is signed out:
  // the page's HTML carries the register or sign-in step, ready before the scripts run.
  const jar = await cookies();
  const signedOut = !jar.getAll().some(({ name }) => COOKIE_NAMES.some((n) => name === n || name.startsWith(`${n}.`)));
  return <InvitationView token={token} preview={await invitationPreview(token)} signedOut={signedOut} />;
}
