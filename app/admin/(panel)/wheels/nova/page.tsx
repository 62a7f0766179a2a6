// The wheel editor page for a new wheel (components/wheels/wheel-editor.tsx).
import type { Metadata } from "next";
import { NewWheelEditor } from "@/components/wheels/wheel-editor";

export const metadata: Metadata = { title: "Nova roleta" };

export default function NewWheelPage() {
  return <NewWheelEditor />;
}
