// The foot of a modal form: 'Cancelar' closes, 'Salvar' submits (busy while the call runs).
import { Button } from "./button";

export function FormActions({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onClose}>
        Cancelar
      </Button>
      <Button type="submit" loading={busy}>
        Salvar
      </Button>
    </div>
  );
}
