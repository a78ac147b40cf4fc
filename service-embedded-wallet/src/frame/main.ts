import { FRAME_PARENT_NOT_SET_MESSAGE } from '@latch/kernel';
import { FRAME_CHANNEL_NAME } from '@latch/connector-embedded/protocol';
import { startController } from './controller.js';
import { createDeviceStore, createMemoryStore, openIndexedDbStore } from './deviceStore.js';
import { createServiceClient } from './serviceClient.js';

/** The frame URL's `chainId` (`1`, `0x1` or `eip155:1`) as a number; §9's default chain 1 otherwise. */
function chainIdFrom(text: string | null): number {
  const reference = text?.replace(/^eip155:/, '') ?? '';
  const value = /^0x[0-9a-f]+$/i.test(reference) ? Number.parseInt(reference, 16) : Number(reference);
  return Number.isSafeInteger(value) && value > 0 ? value : 1;
}

/** The embedding page's origin: the browser's own list where it has one, else the referrer (never a wildcard). */
function embedderOrigin(): string | undefined {
  const listed = location.ancestorOrigins?.[0];
  if (listed) return listed;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** The frame origin's sessionStorage (a social sign-in's verifier survives the redirect fallback), if allowed. */
function sessionStorageOrNone(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  if (window.parent === window) {
    console.error(FRAME_PARENT_NOT_SET_MESSAGE);
    return;
  }
  const params = new URLSearchParams(location.search);
  const projectId = params.get('projectId') ?? '';
  // Storage partitioning or a private window can refuse IndexedDB; the wallet then lasts for this page only.
  const kv = await openIndexedDbStore().catch(() => createMemoryStore());
  startController({
    target: window,
    parent: window.parent,
    projectId,
    chainId: chainIdFrom(params.get('chainId')),
    store: createDeviceStore(kv),
    channel: new BroadcastChannel(FRAME_CHANNEL_NAME),
    createService: (hostOrigin) => createServiceClient({ projectId, hostOrigin }),
    readyOrigin: embedderOrigin(),
    ownOrigin: location.origin,
    flowStorage: sessionStorageOrNone(),
  });
}

void main();
