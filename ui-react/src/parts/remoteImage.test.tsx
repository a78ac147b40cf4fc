import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LatchModal } from '../createModal.js';
import { TokenIcon } from './TokenIcon.js';
import { IMAGE_PRELOAD_TIMEOUT_MS } from './remoteImage.js';
import { HeldImage } from '../test-support/heldImage.js';

const modal = { options: { imageHosts: ['img.example'] } } as unknown as LatchModal;
const ICON = 'https://img.example/ldt.png';

function shown(container: HTMLElement) {
  const img = container.querySelector('img');
  if (img) return `img ${img.getAttribute('src')}`;
  const span = container.querySelector('span');
  return span?.dataset.letter ? `monogram ${span.dataset.letter}` : 'blank';
}

describe('remote images: loaded first, given up after 2 s (§9)', () => {
  beforeEach(() => {
    HeldImage.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('Image', HeldImage);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('an image that never answers: blank while it loads, the monogram at 2 s, and the request is dropped', () => {
    const { container } = render(<TokenIcon modal={modal} token={{ symbol: 'ldt', iconUrl: ICON }} />);
    expect(shown(container)).toBe('blank');
    expect(HeldImage.made.map((i) => [i.src, i.referrerPolicy])).toEqual([[ICON, 'no-referrer']]);
    act(() => vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS - 1));
    expect(shown(container)).toBe('blank');
    act(() => vi.advanceTimersByTime(1));
    expect(shown(container)).toBe('monogram L');
    expect(HeldImage.made[0]?.src).toBe('');
    // A load that arrives after the give-up changes nothing.
    act(() => HeldImage.made[0]?.onload?.());
    expect(shown(container)).toBe('monogram L');
  });

  it('an image that loads within 2 s is shown, and stays after the 2 s mark', () => {
    const { container } = render(<TokenIcon modal={modal} token={{ symbol: 'ldt', iconUrl: ICON }} />);
    act(() => vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS - 1));
    act(() => HeldImage.made[0]?.onload?.());
    expect(shown(container)).toBe(`img ${ICON}`);
    act(() => vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS));
    expect(shown(container)).toBe(`img ${ICON}`);
  });

  it('an image that fails shows the monogram at once', () => {
    const { container } = render(<TokenIcon modal={modal} token={{ symbol: 'ldt', iconUrl: ICON }} />);
    act(() => HeldImage.made[0]?.onerror?.());
    expect(shown(container)).toBe('monogram L');
  });

  it('data: images show at once, and a host not in imageHosts is never asked', () => {
    const data = 'data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22/%3E';
    const first = render(<TokenIcon modal={modal} token={{ symbol: 'A', iconUrl: data }} />);
    expect(shown(first.container)).toBe(`img ${data}`);
    const second = render(<TokenIcon modal={modal} token={{ symbol: 'B', iconUrl: 'https://elsewhere.example/b.png' }} />);
    expect(shown(second.container)).toBe('monogram B');
    expect(HeldImage.made).toEqual([]);
  });
});
