"use client";
// The big screen (a TV at the stand): the wheel and a QR code of the public page with ?tela=. A
// visitor plays on the own phone; each spin arrives here as a server-sent event and the TV's wheel
// turns to the same result, then shows the first name and the prize (never a contact). Spins that
// arrive while the wheel turns wait their turn. EventSource reconnects by itself only after a
// stream that was open; an answer that is not 200 (a 503 while the server restarts, a 429) closes
// it for good, so the screen opens a new one after 1 s, doubling up to 30 s (issue 49), and says
// "Reconectando…" meanwhile. Loaded only on /w/{c}/{w}/tela.
import { useEffect, useRef, useState } from "react";
import { rotationFor, type Segment } from "@/components/public-wheel/segments";
import { WheelSvg } from "@/components/public-wheel/wheel-svg";
import { NO_PRIZE } from "@/lib/spins/draw/no-prize";

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

export function BigScreen({ segments, eventsUrl, qr, playUrl, wheelName, companyName, noPrizeLabel }: Props) {
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<ScreenSpin | null>(null);
  const [online, setOnline] = useState(true);
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
    function connect() {
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
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      });
      s.addEventListener("spin", onSpin);
    }
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [eventsUrl, segments]);

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
