"use client";
// Tells the embed page's small script (lib/embed/frame-script.ts) that React has hydrated the page:
// the form is React's from here, and a 'Começar' the script held is sent again. Its effect runs
// with the wheel's (one hydration, no Suspense boundary between them), after the whole page's. Its
// own component, so the public wheel page (/w/...) carries none of it. bench:embed reads the mark.
import { useEffect } from "react";

export function Hydrated() {
  useEffect(() => {
    performance.mark?.("roleta:hydrated");
    dispatchEvent(new Event("roleta:hydrated"));
  }, []);
  return null;
}
