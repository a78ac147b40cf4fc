import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApprovalGate, type GateRefusal, MIN_EXPOSURE_MS } from './approvalGate.js';

/*
 * The approval page's clickjacking rules on a fake clock, with the browser's visibility reports played by the test
 * (the real IntersectionObserver v2 is exercised in Chromium by frame.browser.test.ts).
 */

type Report = (entries: { target: Element; isIntersecting: boolean; isVisible?: boolean }[]) => void;

function setup(options: { tracks?: boolean } = {}) {
  let now = 1_000;
  let report: Report = () => {};
  const focus = new EventTarget();
  const states: GateRefusal[] = [];
  const keyboardStates: GateRefusal[] = [];
  const targets = [document.createElement('main'), document.createElement('div')];
  const gate = createApprovalGate({
    targets,
    now: () => now,
    observe: (_targets, callback) => {
      report = callback;
      return options.tracks ?? true;
    },
    focusTarget: focus as unknown as Window,
    onChange: (state, keyboard) => {
      states.push(state);
      keyboardStates.push(keyboard);
    },
  });
  const visible = (isVisible: boolean) => report(targets.map((target) => ({ target, isIntersecting: true, isVisible })));
  return {
    gate,
    states,
    keyboardStates,
    visible,
    partly: () =>
      report([
        { target: targets[0] as Element, isIntersecting: true, isVisible: true },
        { target: targets[1] as Element, isIntersecting: true, isVisible: false },
      ]),
    advance(ms: number) {
      now += ms;
      vi.advanceTimersByTime(ms);
    },
    focus: () => focus.dispatchEvent(new Event('focus')),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the approval gate', () => {
  it('accepts Approve only once the request has been shown and fully visible for a moment', () => {
    const page = setup();
    expect(page.gate.refusal('pointer')).toBe('too-soon');
    page.gate.shown();
    expect(page.gate.refusal('pointer')).toBe('hidden');
    page.visible(true);
    expect(page.gate.refusal('pointer')).toBe('too-soon');
    page.advance(MIN_EXPOSURE_MS - 1);
    expect(page.gate.refusal('pointer')).toBe('too-soon');
    page.advance(1);
    expect(page.gate.refusal('pointer')).toBeUndefined();
    // The page learnt of it by itself (its timer), so Approve looked enabled then.
    expect(page.states.at(-1)).toBeUndefined();
  });

  it('starts over when anything covers, fades or moves the page, even partly', () => {
    const page = setup();
    page.gate.shown();
    page.visible(true);
    page.advance(MIN_EXPOSURE_MS);
    expect(page.gate.refusal('pointer')).toBeUndefined();
    page.partly();
    expect(page.gate.refusal('pointer')).toBe('hidden');
    expect(page.states.at(-1)).toBe('hidden');
    page.visible(true);
    // Visible again: input is ignored for a moment once more (a cover pulled away just before the click).
    expect(page.gate.refusal('pointer')).toBe('too-soon');
    page.advance(MIN_EXPOSURE_MS);
    expect(page.gate.refusal('pointer')).toBeUndefined();
  });

  it('ignores a key press in the moment after focus arrived (focus moved in while the visitor typed elsewhere)', () => {
    const page = setup();
    page.gate.shown();
    page.visible(true);
    page.advance(2_000);
    page.focus();
    expect(page.gate.refusal('keyboard')).toBe('too-soon');
    expect(page.keyboardStates.at(-1)).toBe('too-soon');
    // A pointer click is not held to it: the click itself is what focused the page.
    expect(page.gate.refusal('pointer')).toBeUndefined();
    page.advance(MIN_EXPOSURE_MS);
    expect(page.gate.refusal('keyboard')).toBeUndefined();
    expect(page.keyboardStates.at(-1)).toBeUndefined();
  });

  it('where the browser cannot report visibility, still holds to the time rules', () => {
    const page = setup({ tracks: false });
    page.gate.shown();
    expect(page.gate.refusal('pointer')).toBe('too-soon');
    page.advance(MIN_EXPOSURE_MS);
    expect(page.gate.refusal('pointer')).toBeUndefined();
    page.focus();
    expect(page.gate.refusal('keyboard')).toBe('too-soon');
  });
});
