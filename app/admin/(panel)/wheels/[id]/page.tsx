// The wheel editor page for a saved wheel (components/wheels/wheel-editor.tsx).
import type { Metadata } from "next";
import { WheelEditor } from "@/components/wheels/wheel-editor";

export const metadata: Metadata = { title: "Editar roleta" };

export default async function EditWheelPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WheelEditor wheelId={id} />;
}
