"use client";
// The session and toast providers of the app's screens: the next-auth session and the sonner
// toaster (top-right, 4 s default). Loaded on demand by providers.tsx, never on the public wheel.
import { SessionProvider } from "next-auth/react";
import { Toaster } from "sonner";

export default function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Toaster position="top-right" duration={4000} richColors closeButton />
    </SessionProvider>
  );
}
