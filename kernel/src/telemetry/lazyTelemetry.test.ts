import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createEventBus } from '../events.js';
import { startLoopbackServer } from '../test-support/loopbackServer.js';
import { connectTelemetry } from './lazyTelemetry.js';

// The client's code "cannot be fetched" while `refused` is set: its import rejects, as a browser's does for a chunk
// whose download failed. (This file mocks a module: it runs in the kernel's isolated project.)
let refused = true;
let imports = 0;
vi.mock('./telemetryClient.js', async (importOriginal) => {
  imports += 1;
  if (refused) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

let server: Awaited<ReturnType<typeof startLoopbackServer>>;
beforeAll(async () => {
  server = await startLoopbackServer(() => ({ status: 204 }));
});
afterAll(() => server.close());

it("sends once the client's code loads after a failed load: the failure is not kept", async () => {
  const bus = createEventBus();
  const { telemetry, stop } = connectTelemetry(bus, { endpoint: server.url, projectId: 'p1', sdkType: 'latch', sdkVersion: '1.0.0' });
  // (Vitest wraps the factory's error in its own words.)
  await expect(telemetry.sendEvent({ event: 'MODAL_OPEN', properties: {} })).rejects.toThrow();
  expect(imports).toBe(1);
  expect(server.requests).toHaveLength(0);

  refused = false;
  await telemetry.sendEvent({ event: 'MODAL_OPEN', properties: {} });
  expect(imports).toBe(2);
  expect(server.requests).toHaveLength(1);
  expect(JSON.parse(server.requests[0]!.body).props).toMatchObject({ event: 'MODAL_OPEN' });
  stop();
});
