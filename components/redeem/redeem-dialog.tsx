"use client";
// 'Resgatar prêmio': staff type the visitor's code, see who won what, and mark it handed over.
import { Gift } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { api, errorText } from "@/lib/http/client";
import type { SpinDto } from "@/lib/spins/dto";
import { formatWhatsapp } from "@/lib/spins/whatsapp";
import { notify } from "@/lib/ui/toast";

const when = (iso: string) => new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

export function RedeemButton() {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [spin, setSpin] = useState<SpinDto | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  function close() {
    setOpen(false);
    setCode("");
    setSpin(null);
    setError("");
  }

  async function lookup(e: React.FormEvent) {
    e.preventDefault();
    setError("");
    setSpin(null);
    try {
      setSpin((await api<{ spin: SpinDto }>("/spins/redeem", { query: { code } })).spin);
    } catch (err) {
      setError(errorText(err, "Código de resgate não encontrado"));
    }
  }

  async function redeem() {
    if (!spin?.redemption_code) return;
    setBusy(true);
    try {
      const r = await api<{ message: string; spin: SpinDto }>("/spins/redeem", { method: "POST", body: { redemption_code: spin.redemption_code } });
      setSpin(r.spin);
      notify.success(r.message);
    } catch (err) {
      setError(errorText(err, "Erro ao resgatar prêmio"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="inline-flex items-center gap-1 rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
        <Gift className="h-4 w-4" aria-hidden /> Resgatar prêmio
      </button>
      <Modal open={open} onClose={close} title="Resgatar prêmio" description="Digite o código mostrado na tela do participante.">
        <form onSubmit={lookup} className="flex items-end gap-2">
          <Field label="Código de resgate" className="flex-1" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} autoComplete="off" />
          <Button type="submit" variant="secondary" disabled={code.trim().length < 4}>Buscar</Button>
        </form>
        {error && <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{error}</p>}
        {spin && (
          <div className="mt-4 space-y-1 rounded-lg border p-4 text-sm">
            <p><span className="text-gray-600">Prêmio:</span> <strong>{spin.product_name}</strong></p>
            <p><span className="text-gray-600">Participante:</span> {spin.customer_name} · {formatWhatsapp(spin.whatsapp)}</p>
            <p><span className="text-gray-600">Roleta:</span> {spin.wheel_name} · {when(spin.created_at)}</p>
            {spin.redeemed_at ? (
              <p className="mt-2 font-medium text-green-800">Resgatado em {when(spin.redeemed_at)}</p>
            ) : (
              <Button className="mt-3 w-full" loading={busy} onClick={redeem}>Confirmar entrega do prêmio</Button>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
