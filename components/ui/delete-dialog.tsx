"use client";
// The confirmation before deleting a listed item (product, wheel, user): runs the delete, toasts
// the success or failure text, and closes on success.
import { useState } from "react";
import { errorText } from "@/lib/swr/fetcher";
import { notify } from "@/lib/ui/toast";
import { ConfirmModal } from "./confirm-modal";

interface Props<T> {
  /** The item to delete; null keeps the dialog closed. */
  target: T | null;
  title: string;
  message: (target: T) => React.ReactNode;
  /** The confirming button: what it does ("Revogar", "Desativar"), "Excluir" by default. */
  confirmLabel?: string;
  remove: (target: T) => Promise<unknown>;
  success: string;
  fallback: string;
  onClose: () => void;
}

export function DeleteDialog<T>({
  target,
  title,
  message,
  confirmLabel,
  remove,
  success,
  fallback,
  onClose,
}: Props<T>) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!target) return;
    setBusy(true);
    try {
      await remove(target);
      notify.success(success);
      onClose();
    } catch (err) {
      notify.error(errorText(err, fallback));
    } finally {
      setBusy(false);
    }
  }
  return (
    <ConfirmModal
      open={!!target}
      title={title}
      message={target ? message(target) : null}
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
