"use client";
// The wheel's "Incorporar" action: the embed wizard (components/wheels/embed-wizard.tsx), under the
// name and props the wheels screen mounts.
export { EmbedWizard as EmbedModal } from "./embed-wizard";
