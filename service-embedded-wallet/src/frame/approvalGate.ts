/*
 * Clickjacking defences of the approval page: the host page decides where the page sits, so it could cover it,
 * fade it, or move focus into it while the visitor types elsewhere. Approve counts only when the request has been
 * shown for a moment, while the browser reports the page fully visible (IntersectionObserver v2: not covered, not
 * transparent, not transformed), and, from the keyboard, a moment after focus arrived.
 */

/** Why Approve is not accepted now. */
export type GateRefusal = 'hidden' | 'too-soon' | undefined;

/** Input in the first moments after the request shows, becomes visible again, or (keyboard) gets focus is ignored. */
export const MIN_EXPOSURE_MS = 500;

/** An IntersectionObserver entry as v2 reports it (`isVisible`). */
interface VisibilityEntry {
  target: Element;
  isIntersecting: boolean;
  isVisible?: boolean;
}

export interface GateOptions {
  /** What must be fully visible (the request and its buttons). */
  targets: readonly Element[];
  /** Approve's state, for a click and for a key press (undefined: accepted now). */
  onChange(refusal: GateRefusal, keyboard: GateRefusal): void;
  now?: () => number;
  /**
   * Starts visibility tracking, calling back with entries; returns false where the browser cannot track
   * visibility (then only the time rules hold). Default: IntersectionObserver v2.
   */
  observe?: (targets: readonly Element[], callback: (entries: VisibilityEntry[]) => void) => boolean;
  /** Where focus events arrive (the page's window). */
  focusTarget?: Pick<Window, 'addEventListener'>;
}

function observeVisibility(targets: readonly Element[], callback: (entries: VisibilityEntry[]) => void): boolean {
  const Entry = (globalThis as { IntersectionObserverEntry?: { prototype: object } }).IntersectionObserverEntry;
  if (typeof IntersectionObserver === 'undefined' || !Entry || !('isVisible' in Entry.prototype)) return false;
  const observer = new IntersectionObserver((entries) => callback(entries as VisibilityEntry[]), {
    threshold: [0, 1],
    trackVisibility: true,
    delay: 100,
  } as IntersectionObserverInit);
  for (const target of targets) observer.observe(target);
  return true;
}

export function createApprovalGate(options: GateOptions) {
  const now = options.now ?? (() => performance.now());
  const visible = new Map<Element, boolean>(options.targets.map((target) => [target, false]));
  let shownAt: number | undefined;
  let visibleSince: number | undefined;
  let focusAt = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tracks = (options.observe ?? observeVisibility)(options.targets, (entries) => {
    for (const entry of entries) visible.set(entry.target, entry.isIntersecting && entry.isVisible === true);
    const all = [...visible.values()].every(Boolean);
    if (all && visibleSince === undefined) visibleSince = now();
    if (!all) visibleSince = undefined;
    update();
  });
  options.focusTarget?.addEventListener('focus', () => {
    focusAt = now();
    update();
  });

  function refusal(input: 'pointer' | 'keyboard'): GateRefusal {
    if (shownAt === undefined) return 'too-soon';
    if (tracks && visibleSince === undefined) return 'hidden';
    const since = Math.max(shownAt, tracks ? (visibleSince as number) : 0, input === 'keyboard' ? focusAt : 0);
    return now() - since < MIN_EXPOSURE_MS ? 'too-soon' : undefined;
  }

  function update() {
    const pointer = refusal('pointer');
    const keyboard = refusal('keyboard');
    options.onChange(pointer, keyboard);
    clearTimeout(timer);
    if ((pointer === 'too-soon' || keyboard === 'too-soon') && shownAt !== undefined) timer = setTimeout(update, MIN_EXPOSURE_MS);
  }

  return {
    /** The request is on screen now. */
    shown() {
      shownAt = now();
      update();
    },
    refusal,
  };
}
