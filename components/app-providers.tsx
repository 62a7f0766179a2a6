"use client";
// The session and toast providers of the app's screens: the next-auth session and the sonner
// toaster (top-right, 4 s default, below the admin header so it never covers its buttons). Loaded on
// demand by providers.tsx, never on the public wheel.
import { SessionProvider } from "next-auth/react";
import { Toaster } from "sonner";

/** Clears the admin header (57 px tall, sticky) with a gap. */
const TOAST_TOP = 72;

export default function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Toaster
        position="top-right"
        duration={4000}
        richColors
        closeButton
        offset={{ top: TOAST_TOP, right: 16 }}
        mobileOffset={{ top: TOAST_TOP, right: 12, left: 12 }}
        // sonner's own names are English ("Close toast", "Notifications").
        containerAriaLabel="Notificações"
        toastOptions={{ closeButtonAriaLabel: "Fechar aviso" }}
      />
    </SessionProvider>
  );
}
