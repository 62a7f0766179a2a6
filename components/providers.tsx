"use client";
// Client-wide providers: the next-auth session and the sonner toaster (top-right, 4 s default).
import { SessionProvider } from "next-auth/react";
import { Toaster } from "sonner";

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Toaster position="top-right" duration={4000} richColors closeButton />
    </SessionProvider>
  );
}
