// The parts a tool that receives the shop's leads shows the same way (RD Station, the e-mail marketing
// tools): the switch that sends the leads with an e-mail to it, and its last delivery and last error.
import { shortDateTime } from "@/lib/dates/format";

/** "Enviar os leads com e-mail ao {tool}": the integration's on/off. */
export function SendLeadsToggle({
  tool,
  checked,
  onChange,
}: {
  tool: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-800">
      <input
        type="checkbox"
        className="h-5 w-5 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      Enviar os leads com e-mail ao {tool}
    </label>
  );
}

/** "Último envio" and "Último erro (quando)": each only when there is one. */
export function LastDelivery({
  sentAt,
  error,
  errorAt,
}: {
  sentAt: string | null;
  error: string | null;
  errorAt: string | null;
}) {
  return (
    <>
      {sentAt && <p className="text-sm text-green-800">Último envio: {shortDateTime(sentAt)}</p>}
      {error && (
        <p className="text-sm text-red-700">
          Último erro{errorAt ? ` (${shortDateTime(errorAt)})` : ""}: {error}
        </p>
      )}
    </>
  );
}
