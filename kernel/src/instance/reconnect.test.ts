import { afterEach, describe, expect, it, vi } from 'vitest';
import { createModal, type ModalInstance } from '../createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** A reload: the browser kept a connected session with wallet 'w' on `ADDRESS`. */
function reload() {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], address: ADDRESS });
  const storage = createTestStorage({
    '@latch/connection_status': '"connected"',
    '@latch/eip155:connected_connector_id': '"w"',
    '@latch/active_caip_address': JSON.stringify(`eip155:1:${ADDRESS}`),
  });
  return { fake, modal: createModal({ networks: [mainnet], adapters: [fake.adapter], storage }) };
}

/** Resolves once the modal's status is `connected` (the restore's end). */
function connected(modal: ModalInstance): Promise<void> {
  return new Promise((resolve) => {
    const check = () => modal.getState().status === 'connected' && (stop?.(), resolve());
    const stop: (() => void) | undefined = modal.subscribe(check);
    check();
  });
}

/** Lets every queued microtask and the next macrotask run. */
const drain = () => new Promise((resolve) => setImmediate(resolve));

/** A page whose frames the test paints by hand: `document.visibilityState` as given, `paint()` runs the frame's callbacks. */
function page(visibilityState: DocumentVisibilityState) {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('document', { visibilityState });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  return { frames, paint: () => frames.splice(0).forEach((callback) => callback(0)) };
}

afterEach(() => vi.unstubAllGlobals());

describe('the automatic restore after a reload', () => {
  it('waits for the page to paint its next frame (the kept account shows first), then restores', async () => {
    const { frames, paint } = page('visible');
    const { fake, modal } = reload();
    await drain();
    expect(modal.getState().status).toBe('connecting');
    expect(fake.methods()).not.toContain('reconnect');
    expect(frames).toHaveLength(1);
    paint();
    await connected(modal);
    expect(fake.methods()).toContain('reconnect');
    modal.destroy();
  });

  it('starts at once where no frame will come: a tab in the background, or no document', async () => {
    const { frames } = page('hidden');
    const hidden = reload();
    await connected(hidden.modal);
    expect(hidden.fake.methods()).toContain('reconnect');
    expect(frames).toHaveLength(0);
    hidden.modal.destroy();

    vi.unstubAllGlobals();
    const server = reload();
    await connected(server.modal);
    expect(server.fake.methods()).toContain('reconnect');
    server.modal.destroy();
  });
});
