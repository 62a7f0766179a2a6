import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { Providers } from "@/components/providers";
import { env } from "@/lib/env";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(env().APP_URL),
  title: { default: "Roleta Premiada — roletas de prêmios que capturam leads", template: "%s | Roleta Premiada" },
  description: "Crie roletas de prêmios para sua loja, clínica ou evento e capture leads com WhatsApp e LGPD.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#7c3aed" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page dynamic, which the per-request CSP nonce needs.
  await headers();
  return (
    <html lang="pt-BR">
      <body className="min-h-screen font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
