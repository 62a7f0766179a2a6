"use client";
// A list screen's dialogs: the create/edit form (null row = create) and the delete confirmation.
import { useState } from "react";

export function useListEditor<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const open = (row: T | null) => {
    setEditing(row);
    setFormOpen(true);
  };
  return {
    editing,
    formOpen,
    openNew: () => open(null),
    openEdit: (row: T) => open(row),
    closeForm: () => setFormOpen(false),
    deleting,
    askDelete: (row: T) => setDeleting(row),
    closeDelete: () => setDeleting(null),
  };
}
