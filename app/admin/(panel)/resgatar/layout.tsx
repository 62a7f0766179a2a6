// The screen's own <title> ("Resgatar prêmio | Roleta Premiada"): its page is a client component.
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Resgatar prêmio" };

export default function Layout({ children }: { children: React.ReactNode }) {
  return children;
}
