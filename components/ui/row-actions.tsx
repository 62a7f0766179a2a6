// A row's edit and delete buttons, named after the row for screen readers ('Editar Brinde').
import { Pencil, Trash2 } from "lucide-react";
import { Button } from "./button";

export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <span className="flex gap-1">
      <Button variant="ghost" aria-label={`Editar ${name}`} onClick={onEdit}>
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      <Button variant="ghost" aria-label={`Excluir ${name}`} onClick={onDelete}>
        <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
      </Button>
    </span>
  );
}
