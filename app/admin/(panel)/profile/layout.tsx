// The screen's own <title> ("Meu Perfil | Roleta Premiada"): its page is a client component.
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Meu Perfil" };

export default function Layout({ children }: { children: React.ReactNode }) {
  return children;
}
