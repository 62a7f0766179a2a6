"use client";
// False in the server's HTML and while React hydrates it, true once the page is interactive.
// A form's submit button waits for it: before that a submit would reload the page and lose what
// was typed (our forms are sent by script, not by the browser).
import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
