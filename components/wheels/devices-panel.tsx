"use client";
// "Totem e tela grande" in Divulgação: a wheel's devices. A new device's link (with its token) is
// shown once, to copy; the list shows each device without it, and "Desativar" revokes one (its
// link stops at once). Below, the kiosk settings: seconds before the totem clears a result, and
// the staff PIN that guards leaving it (write-only: the page says only whether one is set).
import { Copy, Monitor, Tablet } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Field, inputClass } from "@/components/ui/field";
import { QueryState } from "@/components/ui/query-state";
import type { DeviceAnswer } from "@/lib/api-types";
import { useApiForm } from "@/lib/forms/use-api-form";
import { api } from "@/lib/swr/fetcher";
import { useDevices } from "@/lib/swr/use-devices";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { deviceInput, kioskInput } from "@/lib/validation/devices";
import type { WheelDto } from "@/lib/wheels/dto";

const smallButton =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50";

/** The company's units, when it has any (the units module's GET /units); none or an error: no choice. */
function useUnits() {
  const [units, setUnits] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    api<{ units?: { id: string; name: string }[] }>("/units")
      .then((a) => setUnits(a.units ?? []))
      .catch(() => setUnits([]));
  }, []);
  return units;
}

async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success("Link copiado!");
  } catch {
    notify.info(text, 15000);
  }
}

function AddDevice({ wheelId, onCreated }: { wheelId: string; onCreated: (link: string) => void }) {
  const units = useUnits();
  const { register, submit, reset, formState } = useApiForm(deviceInput, {
    defaultValues: { name: "", kind: "totem", unit_id: null },
  });
  const add = submit(
    async (values) => {
      const { device } = await endpoints.devices.create(wheelId, values);
      onCreated(`${window.location.origin}${device.link}`);
      reset({ name: "", kind: values.kind, unit_id: values.unit_id ?? null });
    },
    { fallback: "Erro ao criar aparelho" },
  );
  return (
    <form onSubmit={add} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
      <Field
        label="Nome do aparelho"
        placeholder="Ex.: Totem da entrada, TV do estande"
        maxLength={60}
        autoComplete="off"
        error={formState.errors.name?.message}
        {...register("name")}
      />
      <div>
        <label htmlFor="device-kind" className="mb-1 block text-sm font-medium text-gray-800">
          Tipo
        </label>
        <select id="device-kind" className={inputClass} {...register("kind")}>
          <option value="totem">Totem (tablet)</option>
          <option value="screen">Tela grande (TV)</option>
        </select>
      </div>
      {units.length > 0 && (
        <div>
          <label htmlFor="device-unit" className="mb-1 block text-sm font-medium text-gray-800">
            Unidade
          </label>
          <select
            id="device-unit"
            className={inputClass}
            {...register("unit_id", { setValueAs: (v: string | null) => v || null })}
          >
            <option value="">Nenhuma</option>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button type="submit" loading={formState.isSubmitting} className="min-h-11">
        Criar link
      </Button>
    </form>
  );
}

function DeviceItem({ device, onRevoke }: { device: DeviceAnswer; onRevoke: (d: DeviceAnswer) => void }) {
  const Icon = device.kind === "screen" ? Monitor : Tablet;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 p-3">
      <div>
        <p className="flex items-center gap-2 font-medium text-gray-900">
          <Icon className="h-4 w-4" aria-hidden /> {device.name}
        </p>
        <p className="text-xs text-gray-700">
          {device.kind === "screen" ? "Tela grande" : "Totem"} ·{" "}
          {device.revoked_at
            ? "Desativado"
            : device.last_seen_at
              ? `Usado em ${new Date(device.last_seen_at).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" })}`
              : "Ainda não usado"}
        </p>
      </div>
      {!device.revoked_at && (
        <button
          type="button"
          className={`${smallButton} text-red-700`}
          onClick={() => onRevoke(device)}
          aria-label={`Desativar ${device.name}`}
        >
          Desativar
        </button>
      )}
    </li>
  );
}

function KioskSettings({ wheel }: { wheel: WheelDto }) {
  const { register, submit, reset, formState } = useApiForm(kioskInput, {
    defaultValues: { kiosk_reset_seconds: wheel.kiosk_reset_seconds, kiosk_pin: undefined },
  });
  const [pinSet, setPinSet] = useState(wheel.kiosk_pin_set);
  const save = submit(
    async (values) => {
      const { wheel: saved } = await endpoints.devices.kiosk(wheel.id, {
        kiosk_reset_seconds: values.kiosk_reset_seconds,
        ...(values.kiosk_pin ? { kiosk_pin: values.kiosk_pin } : {}),
      });
      setPinSet(saved.kiosk_pin_set);
      reset({ kiosk_reset_seconds: saved.kiosk_reset_seconds, kiosk_pin: undefined });
      notify.success("Configurações do totem salvas!");
    },
    { fallback: "Erro ao salvar o totem" },
  );
  async function removePin() {
    try {
      const { wheel: saved } = await endpoints.devices.kiosk(wheel.id, { kiosk_pin: null });
      setPinSet(saved.kiosk_pin_set);
      notify.success("PIN removido.");
    } catch {
      notify.error("Erro ao remover o PIN");
    }
  }
  return (
    <form onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field
        label="Reiniciar após o resultado (segundos)"
        type="number"
        inputMode="numeric"
        min={5}
        max={300}
        error={formState.errors.kiosk_reset_seconds?.message}
        {...register("kiosk_reset_seconds", { valueAsNumber: true })}
      />
      <Field
        label={pinSet ? "Novo PIN da equipe (já há um PIN)" : "PIN da equipe para sair (4 a 8 números)"}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={8}
        error={formState.errors.kiosk_pin?.message}
        {...register("kiosk_pin", { setValueAs: (v: string) => v || undefined })}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" loading={formState.isSubmitting} className="min-h-11">
          Salvar
        </Button>
        {pinSet && (
          <button type="button" className={smallButton} onClick={() => void removePin()}>
            Remover PIN
          </button>
        )}
      </div>
    </form>
  );
}

/** The devices of a saved wheel, for those who manage wheels. */
export function DevicesPanel({ wheel }: { wheel: WheelDto }) {
  const devices = useDevices(wheel.id);
  const [revoking, setRevoking] = useState<DeviceAnswer | null>(null);
  const [link, setLink] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <AddDevice wheelId={wheel.id} onCreated={setLink} />
      {link && (
        <div className="rounded-lg border-2 border-brand-600 bg-brand-50 p-3" data-testid="device-link">
          <p className="text-sm font-semibold text-gray-900">
            Copie o link agora: por segurança, ele não será mostrado de novo.
          </p>
          <p className="mt-1 font-mono text-xs break-all text-gray-800">{link}</p>
          <button type="button" className={`${smallButton} mt-2`} onClick={() => void copyText(link)}>
            <Copy className="h-4 w-4" aria-hidden /> Copiar link do aparelho
          </button>
        </div>
      )}
      <QueryState
        query={devices}
        isEmpty={(d) => d.devices.length === 0}
        empty="Nenhum totem ou tela cadastrado."
        loading="Carregando aparelhos..."
      >
        {(d) => (
          <ul className="space-y-2" aria-label="Totens e telas da roleta">
            {d.devices.map((x) => (
              <DeviceItem key={x.id} device={x} onRevoke={setRevoking} />
            ))}
          </ul>
        )}
      </QueryState>
      <KioskSettings wheel={wheel} />
      <DeleteDialog
        target={revoking}
        title="Desativar aparelho"
        confirmLabel="Desativar"
        message={(d) => `O link de “${d.name}” deixará de funcionar. Esta ação não pode ser desfeita.`}
        remove={(d) => endpoints.devices.revoke(wheel.id, d.id)}
        success="Aparelho desativado."
        fallback="Erro ao desativar aparelho"
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}
