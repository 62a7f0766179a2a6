// The screen's own <title> ("Testes | Roleta Premiada"): its page is a client component.
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Testes" };

export default function Layout({ children }: { children: React.ReactNode }) {
  return children;
}
