// The screen's own <title> ("Roda de prêmios | Roleta Premiada"): its page is a client component.
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Roda de prêmios" };

export default function Layout({ children }: { children: React.ReactNode }) {
  return children;
}
