/** At most `max` events per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/** The PROTOCOL.md §1 limits. */
export const DEFAULT_RATE_LIMITS = {
  /** Sending a code, per address: once per 30 s (§9 cooldown) and 5 an hour. */
  sendPerAddress: [
    { max: 1, windowMs: 30_000 },
    { max: 5, windowMs: 3_600_000 },
  ],
  /** Sending a code, per client IP: 20 an hour. */
  sendPerIp: [{ max: 20, windowMs: 3_600_000 }],
  /** Checking a code, per address: 10 tries per 15 min. */
  verifyPerAddress: [{ max: 10, windowMs: 900_000 }],
  /** Starting a social sign-in (an intent), per client IP: 30 an hour. */
  socialIntentsPerIp: [{ max: 30, windowMs: 3_600_000 }],
  /** Mailing a confirmation code (before changing sign-in methods), per user: once per 30 s and 5 an hour. */
  stepUpCodesPerUser: [
    { max: 1, windowMs: 30_000 },
    { max: 5, windowMs: 3_600_000 },
  ],
  /** Opening a Farcaster sign-in request (a relay channel), per client IP: 10 a minute and 60 an hour. */
  farcasterChannelsPerIp: [
    { max: 10, windowMs: 60_000 },
    { max: 60, windowMs: 3_600_000 },
  ],
} satisfies Record<string, RateRule[]>;

export type RateLimits = { [K in keyof typeof DEFAULT_RATE_LIMITS]: RateRule[] };

/**
 * An in-memory sliding-window limiter. In memory rather than a table on purpose: the reference service is
 * one process, the longest window is an hour, and a restart forgetting counts costs little (each code still
 * allows 3 guesses and expires in 5 min), while a table would cost a write per request. Several instances
 * behind a load balancer each count on their own: run one, or limit at the proxy as well.
 */
export function createRateLimiter(now: () => number) {
  const events = new Map<string, number[]>();
  let lastSweep = now();

  function recent(key: string, longest: number, at: number): number[] {
    const list = (events.get(key) ?? []).filter((time) => time > at - longest);
    if (list.length) events.set(key, list);
    else events.delete(key);
    return list;
  }

  function sweep(at: number) {
    if (at - lastSweep < 60_000) return;
    lastSweep = at;
    for (const [key, list] of events) if (list.every((time) => time <= at - 3_600_000)) events.delete(key);
  }

  return {
    /**
     * Counts one event for every key if all their rules allow it; else counts nothing and returns the seconds
     * until the first rule allows one more.
     */
    take(
      checks: readonly { key: string; rules: readonly RateRule[] }[],
    ): { ok: true; release(): void } | { ok: false; retryAfter: number } {
      const at = now();
      sweep(at);
      let waitMs = 0;
      for (const { key, rules } of checks) {
        const list = recent(key, Math.max(...rules.map((rule) => rule.windowMs)), at);
        for (const rule of rules) {
          const inWindow = list.filter((time) => time > at - rule.windowMs);
          if (inWindow.length >= rule.max) {
            const oldestThatCounts = inWindow[inWindow.length - rule.max] as number;
            waitMs = Math.max(waitMs, oldestThatCounts + rule.windowMs - at);
          }
        }
      }
      if (waitMs > 0) return { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
      for (const { key } of checks) events.set(key, [...(events.get(key) ?? []), at]);
      return {
        ok: true,
        /** Gives the event back (the action failed on the service's side). */
        release() {
          for (const { key } of checks) {
            const list = events.get(key);
            const index = list?.lastIndexOf(at) ?? -1;
            if (list && index >= 0) list.splice(index, 1);
          }
        },
      };
    },
  };
}
