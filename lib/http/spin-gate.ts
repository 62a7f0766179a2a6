// The visitors' spins' waiting room (issue 55, item 1; docs/scaling.md "Shedding load"). At most
// `maxInFlight` spins run in the app at once; the others wait here, holding only their socket, and
// are let in the moment a running spin ends, oldest visitor first: a visitor's place is the time
// this instance first saw their Idempotency-Key, so the page's retries (same key) come back ahead
// of the newcomers instead of drawing lots against them. One that waits `maxWaitMs` without a
// place is answered 503 with Retry-After (the page waits and tries again, keeping its place).
// While the loop or the pool is behind (./overload.ts), only a quarter of the places are filled.
// Why: shedding on the loop's delay alone let every visitor in until the loop was already seconds
// behind; with 100 spins a second offered to ~40 served, the admitted ones then waited past the
// page's 10 s and the shed ones retried at random, some for over a minute (bench:jobs, stop 57).
import { AsyncResource } from "node:async_hooks";

export interface GateLimits {
  /** Spins running in the app at once; 0: no cap (only the loop and pool signals). */
  maxInFlight: number;
  /** How long a spin may wait for a place before its 503; 0: never waits. */
  maxWaitMs: number;
  /** Waiting spins past which a newcomer is answered 503 at once. */
  maxQueue: number;
}

interface Waiter {
  since: number;
  admit: () => void;
  shed: () => void;
  timer: NodeJS.Timeout | null;
}

/** What the gate did with a request: let it in, or will (cancel() if the visitor leaves first). */
export interface Entry {
  cancel(): void;
}

/** Keys remembered at most (a place is kept this long between a visitor's tries). */
const MAX_KEYS = 100_000;
const KEY_TTL_MS = 10 * 60_000;
/** While the loop or pool is behind and spins wait, how often to look again. */
const BLOCKED_POLL_MS = 25;
const RETRY_MIN_S = 1;
const RETRY_MAX_S = 5;

export class SpinGate {
  private running = 0;
  /** Waiting spins, the oldest first seen first. */
  private queue: Waiter[] = [];
  /** When each waiting or shed visitor's key was first seen (insertion order = age). */
  private firstSeen = new Map<string, number>();
  private poll: NodeJS.Timeout | null = null;
  /** Spins that ended in the current and the previous second: the rate a waiting line moves at. */
  private ended = { second: 0, now: 0, last: 0 };

  constructor(
    private readonly limits: () => GateLimits,
    /** Whether the process is behind (loop or pool): only a quarter of the places are filled meanwhile. */
    private readonly behind: () => boolean,
    private readonly clock: () => number = Date.now,
  ) {}

  get inFlight(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * A spin arrives: `admit(release)` runs when it may go on (release() once its answer is done),
   * `shed(retryAfterS)` when it is answered 503 instead. Each runs in the request's own async context.
   */
  enter(key: string | undefined, admit: (release: () => void) => void, shed: (retryAfterS: number) => void): Entry {
    const now = this.clock();
    const since = this.placeOf(key, now);
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      this.running--;
      this.noteEnded();
      this.pump();
    };
    const waiter: Waiter = {
      since,
      admit: AsyncResource.bind(() => {
        if (key) this.firstSeen.delete(key);
        this.running++;
        admit(release);
      }),
      shed: AsyncResource.bind(() => shed(this.retryAfter())),
      timer: null,
    };
    const { maxWaitMs, maxQueue } = this.limits();
    if (this.queue.length === 0 && this.hasRoom()) {
      waiter.admit();
      return { cancel: () => {} };
    }
    if (maxWaitMs <= 0 || this.queue.length >= maxQueue) {
      waiter.shed();
      return { cancel: () => {} };
    }
    waiter.timer = setTimeout(() => {
      if (this.remove(waiter)) waiter.shed();
    }, maxWaitMs);
    this.insert(waiter);
    this.pump();
    return { cancel: () => void (this.remove(waiter) && clearTimeout(waiter.timer!)) };
  }

  private hasRoom(): boolean {
    const { maxInFlight } = this.limits();
    if (maxInFlight <= 0) return !this.behind();
    if (this.running >= maxInFlight) return false;
    // A quarter of the places stay open however late the loop runs: on a machine whose CPU other
    // processes share, the loop's delay is theirs as much as ours, and letting nobody in would
    // stop the line altogether (bench:jobs at load 6: 6 spins a second).
    return this.running < Math.max(1, Math.floor(maxInFlight / 4)) || !this.behind();
  }

  /** Lets the oldest waiting spins in while there is room; polls while the process is behind. */
  private pump(): void {
    while (this.queue.length && this.hasRoom()) {
      const next = this.queue.shift()!;
      clearTimeout(next.timer!);
      next.admit();
    }
    if (this.queue.length && !this.poll && this.behind()) {
      this.poll = setTimeout(() => {
        this.poll = null;
        this.pump();
      }, BLOCKED_POLL_MS);
      this.poll.unref();
    }
  }

  /** A visitor's place: when their key was first seen here (now for a new one or none). */
  private placeOf(key: string | undefined, now: number): number {
    if (!key) return now;
    const known = this.firstSeen.get(key);
    if (known !== undefined && now - known < KEY_TTL_MS) return known;
    this.firstSeen.delete(key);
    this.firstSeen.set(key, now);
    // The oldest keys go first: a visitor gone for 10 minutes, or the bound on memory.
    for (const [k, at] of this.firstSeen) {
      if (this.firstSeen.size <= MAX_KEYS && now - at < KEY_TTL_MS) break;
      this.firstSeen.delete(k);
    }
    return now;
  }

  private insert(w: Waiter): void {
    // After every waiter seen at or before it (a binary search: the line can be long).
    let lo = 0;
    let hi = this.queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.queue[mid].since <= w.since) lo = mid + 1;
      else hi = mid;
    }
    this.queue.splice(lo, 0, w);
  }

  private remove(w: Waiter): boolean {
    const i = this.queue.indexOf(w);
    if (i < 0) return false;
    this.queue.splice(i, 1);
    return true;
  }

  private noteEnded(): void {
    const second = Math.floor(this.clock() / 1000);
    if (second !== this.ended.second) {
      this.ended.last = second === this.ended.second + 1 ? this.ended.now : 0;
      this.ended = { second, now: 0, last: this.ended.last };
    }
    this.ended.now++;
  }

  /** Seconds until the line ahead has likely moved: its length over the last second's pace, 1-5. */
  private retryAfter(): number {
    const pace = Math.max(this.ended.last, this.ended.now, 1);
    return Math.min(RETRY_MAX_S, Math.max(RETRY_MIN_S, Math.ceil(this.queue.length / pace)));
  }
}
