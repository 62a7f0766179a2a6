"use client";
// Reads the claim page's QR code with the phone's camera: the browser's BarcodeDetector where it has
// one that reads QR codes (Android Chrome, Safari), else the barcode-detector ponyfill (ZXing in
// WebAssembly, its .wasm served by this app: no outside service). Loaded only when staff open it.
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

const SCAN_EVERY_MS = 250;

async function qrDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats()).includes("qr_code")) return new Native({ formats: ["qr_code"] });
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? `/scanner/${path}` : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

export default function QrScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState("");
  const found = useEffectEvent((code: string) => onCode(code));

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped) return;
        const el = video.current!;
        el.srcObject = stream;
        await el.play();
        const detector = await qrDetector();
        const scan = async () => {
          if (stopped) return;
          const [code] = el.readyState >= 2 ? await detector.detect(el).catch(() => []) : [];
          if (code?.rawValue) return found(code.rawValue);
          timer = setTimeout(scan, SCAN_EVERY_MS);
        };
        void scan();
      } catch {
        if (!stopped) setError("Não foi possível usar a câmera. Permita o acesso ou digite o código.");
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div className="mt-4 rounded-xl border border-gray-200 p-3">
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Imagem da câmera para ler o QR code"
          className="aspect-square w-full rounded-lg bg-black object-cover"
        />
      )}
      <p className="mt-2 text-sm text-gray-700" role="status">
        {error ? "" : "Aponte a câmera para o QR code da tela do participante."}
      </p>
      <Button variant="secondary" className="mt-2 w-full" onClick={onClose}>
        Fechar câmera
      </Button>
    </div>
  );
}
