import type { Metadata } from "next";
import { InvitationView } from "@/components/invitations/invitation-view";
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
  return <InvitationView token={token} preview={await invitationPreview(token)} />;
}
