import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createModal } from '../createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';

/*
 * After a reload with a stored session, the restore must not start while the page is being built (createModal, then
 * the page's first render) nor before that render is painted: starting it (preload links, three fetches) made the
 * page's render wait, and then the frame that paints it; started right after that frame's callbacks it competed with
 * drawing it. It starts on its own in a later task, after the next two frames.
 */

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function reload() {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], address: ADDRESS });
  const storage = createTestStorage({
    '@latch/connection_status': '"connected"',
    '@latch/eip155:connected_connector_id': '"w"',
    '@latch/active_caip_address': JSON.stringify(`eip155:1:${ADDRESS}`),
  });
  const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage });
  const restores = () => fake.calls.filter((call) => call.method === 'reconnect').length;
  return { fake, modal, restores };
}

// The restore's code, loaded once here: a restore that started would then reach the adapter within a few turns.
beforeAll(async () => {
  await import('../actions/visitorActions.js');
});

/** Lets pending I/O callbacks and promise jobs run (a started restore would have asked the adapter by then). */
async function settleIo() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A browser page with `scheduler.postTask` and animation frames, both held: the test runs each background task
 * (`posted`) and frame callback (`frames`) itself.
 */
function stubBrowserPage(visibilityState: 'visible' | 'hidden') {
  const posted: (() => void)[] = [];
  const frames: (() => void)[] = [];
  vi.stubGlobal('scheduler', { postTask: (run: () => void) => (posted.push(run), new Promise(() => undefined)) });
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
  vi.stubGlobal('document', { visibilityState });
  return { posted, frames };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the restore of a stored session', () => {
  it('does not start during createModal; it starts on its own in a later task', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { modal, restores } = reload();
    expect(modal.getState().status).toBe('connecting');
    await settleIo();
    expect(restores()).toBe(0);
    vi.runOnlyPendingTimers();
    await settleIo();
    expect(restores()).toBe(1);
    // reconnect() answers with the restore in flight (or done) rather than starting another.
    await modal.reconnect();
    expect(restores()).toBe(1);
    expect(modal.getState().status).toBe('connected');
    modal.destroy();
  });

  it('starts at once when reconnect() is called first (a UI binding); its own task then does not restore again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { modal, restores } = reload();
    await modal.reconnect();
    expect(restores()).toBe(1);
    expect(modal.getState().status).toBe('connected');
    vi.runOnlyPendingTimers();
    await settleIo();
    expect(restores()).toBe(1);
    modal.destroy();
  });

  it('uses a background task where the browser has scheduler.postTask, cancelled by destroy', async () => {
    const posted: { run: () => void; options: { priority: string; signal: AbortSignal } }[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (run: () => void, options: { priority: string; signal: AbortSignal }) => {
        posted.push({ run, options });
        return new Promise<void>((_, reject) => options.signal.addEventListener('abort', () => reject(options.signal.reason)));
      },
    });
    const first = reload();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.options.priority).toBe('background');
    posted[0]?.run();
    await settleIo();
    expect(first.restores()).toBe(1);
    first.modal.destroy();

    const destroyed = reload();
    const signal = posted[1]?.options.signal;
    destroyed.modal.destroy();
    expect(signal?.aborted).toBe(true);
    await settleIo();
    expect(destroyed.restores()).toBe(0);
  });

  it('in a visible page, waits after the background task for two frames, then a task', async () => {
    const { posted, frames } = stubBrowserPage('visible');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { modal, restores } = reload();
    posted[0]?.();
    expect(frames).toHaveLength(1);
    await settleIo();
    expect(restores()).toBe(0);
    // The first frame (the one that paints the stored account) and the task after it: nothing yet, only the next frame asked for.
    frames[0]?.();
    expect(frames).toHaveLength(2);
    vi.advanceTimersByTime(0);
    await settleIo();
    expect(restores()).toBe(0);
    frames[1]?.();
    await settleIo();
    expect(restores()).toBe(0);
    vi.advanceTimersByTime(0);
    await settleIo();
    expect(restores()).toBe(1);

    // Destroyed while waiting for the frames: nothing starts.
    const destroyed = reload();
    posted[1]?.();
    frames[2]?.();
    destroyed.modal.destroy();
    frames[3]?.();
    vi.runOnlyPendingTimers();
    await settleIo();
    expect(destroyed.restores()).toBe(0);
    modal.destroy();
  });

  it('in a visible page that gets no frame (throttled), starts 100 ms after the background task', async () => {
    const { posted, frames } = stubBrowserPage('visible');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { modal, restores } = reload();
    posted[0]?.();
    vi.advanceTimersByTime(99);
    await settleIo();
    expect(restores()).toBe(0);
    vi.advanceTimersByTime(1);
    await settleIo();
    expect(frames).toHaveLength(1);
    expect(restores()).toBe(1);
    modal.destroy();
  });

  it('in a hidden page, starts after the background task without waiting for a frame', async () => {
    const { posted, frames } = stubBrowserPage('hidden');
    const { modal, restores } = reload();
    posted[0]?.();
    await settleIo();
    expect(frames).toEqual([]);
    expect(restores()).toBe(1);
    modal.destroy();
  });

  it('is not scheduled on a first visit or after a disconnect', () => {
    const posted: unknown[] = [];
    vi.stubGlobal('scheduler', { postTask: (run: () => void) => (posted.push(run), Promise.resolve()) });
    for (const stored of [{}, { '@latch/connection_status': '"disconnected"' }] as Record<string, string>[]) {
      const modal = createModal({ networks: [mainnet], adapters: [], storage: createTestStorage(stored) });
      expect(modal.getState().status).toBe('disconnected');
      modal.destroy();
    }
    expect(posted).toEqual([]);
  });
});
