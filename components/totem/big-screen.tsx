"use client";
// The big screen (a TV at the stand): the wheel and a QR code of the public page with ?tela=. A
// visitor plays on the own phone; each spin arrives here as a server-sent event and the TV's wheel
// turns to the same result, then shows the first name and the prize (never a contact). Spins that
// arrive while the wheel turns wait their turn. EventSource reconnects by itself only after a
// stream that was open; an answer that is not 200 (a 503 while the server restarts, a 429) closes
// it for good, so the screen opens a new one after 1 s, doubling up to 30 s (issue 49), and says
// "Reconectando…" meanwhile. A revoked screen stops for good and hides its QR (issue 49): its
// stream says `event: revoked`, or a refused stream is asked again by fetch (EventSource does not
// tell the status) and answers 403 DEVICE_REVOKED. Loaded only on /w/{c}/{w}/tela.
import { useEffect, useRef, useState } from "react";
import { rotationFor, type Segment } from "@/components/public-wheel/segments";
import { WheelSvg } from "@/components/public-wheel/wheel-svg";
import { DEVICE_OFF } from "@/lib/copy/devices";
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";
import { DeviceUnavailable } from "./device-unavailable";

interface ScreenSpin {
  result: "won" | "lost";
  prize: { id?: string; name: string; image_url: string | null } | null;
  first_name: string;
}

interface Props {
  segments: Segment[];
  eventsUrl: string;
  qr: string;
  playUrl: string;
  wheelName: string;
  companyName: string;
  noPrizeLabel: string;
}

const SPIN_MS = 4000;
const SHOW_MS = 6000;
/** The first wait before a new stream after a refused one, doubled each time up to the last. */
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** Is the stream refused because the screen was revoked? Anything else (offline, 503, 429) is not. */
async function revokedStream(url: string) {
  const ac = new AbortController();
  try {
    const res = await fetch(url, { signal: ac.signal, cache: "no-store" });
    if (res.status !== 403) return false;
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    return body.code === "DEVICE_REVOKED";
  } catch {
    return false;
  } finally {
    // A stream that opened after all is not read: its slot goes back at once.
    ac.abort();
  }
}

export function BigScreen({ segments, eventsUrl, qr, playUrl, wheelName, companyName, noPrizeLabel }: Props) {
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<ScreenSpin | null>(null);
  const [online, setOnline] = useState(true);
  const [revoked, setRevoked] = useState(false);
  const queue = useRef<ScreenSpin[]>([]);
  const busy = useRef(false);

  useEffect(() => {
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    async function playNext() {
      if (busy.current) return;
      busy.current = true;
      for (let spin = queue.current.shift(); spin; spin = queue.current.shift()) {
        setShown(null);
        setSpinning(true);
        setRotation((r) => rotationFor(segments, spin.prize?.id ?? NO_PRIZE, r, Math.random()));
        await wait(SPIN_MS);
        setSpinning(false);
        setShown(spin);
        await wait(queue.current.length ? SHOW_MS / 2 : SHOW_MS);
      }
      busy.current = false;
    }
    const onSpin = (e: Event) => {
      try {
        queue.current.push(JSON.parse((e as MessageEvent<string>).data) as ScreenSpin);
        void playNext();
      } catch {
        /* a malformed event is skipped */
      }
    };
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    let stopped = false;
    function stop() {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setRevoked(true);
    }
    function connect() {
      if (stopped) return;
      const s = new EventSource(eventsUrl);
      source = s;
      s.addEventListener("open", () => {
        delay = RETRY_FIRST_MS;
        setOnline(true);
      });
      s.addEventListener("error", () => {
        setOnline(false);
        // CONNECTING: the browser retries by itself. CLOSED: it gave up (an answer not 200).
        if (s.readyState !== EventSource.CLOSED) return;
        const wait = delay;
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        void revokedStream(eventsUrl).then((gone) => {
          if (gone) stop();
          else if (!stopped) retry = setTimeout(connect, wait);
        });
      });
      s.addEventListener("spin", onSpin);
      s.addEventListener("revoked", stop);
    }
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [eventsUrl, segments]);

  if (revoked) return <DeviceUnavailable title={DEVICE_OFF.screen} text={DEVICE_OFF.text} />;

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-8 bg-gradient-to-b from-brand-700 to-brand-800 p-8 text-white lg:flex-row lg:gap-16">
      <div className="w-full max-w-[70vh] [&>div]:max-w-none">
        <WheelSvg segments={segments} rotation={rotation} spinning={spinning} />
      </div>
      <section className="flex max-w-md flex-col items-center text-center">
        <p className="text-xl font-semibold text-brand-100">{companyName}</p>
        <h1 className="mt-1 text-4xl font-extrabold">{wheelName}</h1>
        <div role="status" aria-live="polite" className="mt-6 min-h-24 text-3xl font-bold">
          {spinning && <p>Girando…</p>}
          {shown &&
            (shown.prize ? (
              <p>
                🎉 {shown.first_name} ganhou: {shown.prize.name}!
              </p>
            ) : (
              <p>
                {shown.first_name}: {noPrizeLabel}
              </p>
            ))}
        </div>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
        <img
          src={qr}
          alt={`QR code para jogar: ${playUrl}`}
          width={280}
          height={280}
          className="mt-4 rounded-2xl bg-white p-3"
        />
        <p className="mt-4 text-2xl font-bold">Aponte a câmera do celular e jogue!</p>
        {!online && <p className="mt-4 rounded-lg bg-black/40 px-4 py-2 text-lg">Reconectando…</p>}
      </section>
    </main>
  );
}
