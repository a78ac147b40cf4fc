import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type CapturedRequest } from './test-support/loopbackServer.js';
import { createTestModal } from './test-support/testModal.js';

interface Received {
  method?: string;
  path: string;
  query: Record<string, string>;
  body: { eventId: string; url: string; domain: string; timestamp: number; props: Record<string, unknown> };
}

let server: Awaited<ReturnType<typeof startLoopbackServer>>;
let endpoint = '';
let status = 200;
const received = (): Received[] => server.requests.map(toReceived);

function toReceived(r: CapturedRequest): Received {
  return { method: r.method, path: r.path, query: Object.fromEntries(new URLSearchParams(r.search)), body: JSON.parse(r.body) };
}

beforeAll(async () => {
  server = await startLoopbackServer(() => ({ status }));
  endpoint = server.url;
});
afterAll(() => server.close());

/** Waits until the server has received `count` events. */
async function until(count: number) {
  await expect.poll(() => received().length).toBeGreaterThanOrEqual(count);
}

describe('analytics and error telemetry wired into the instance (§7, §8)', () => {
  it('sends the visitor actions and errors to the configured host only', async () => {
    server.requests.length = 0;
    status = 200;
    const { modal, fake } = createTestModal({ telemetry: { endpoint }, projectId: 'p1', sdkType: 'latch', sdkVersion: 'react-1.0.0' });
    await modal.open();
    fake.fail.connect = new Error('wallet exploded');
    await modal.connect('w').catch(() => undefined);
    await until(3);
    const events = received().map((r) => (r.body.props.type === 'error' ? 'error' : r.body.props.event));
    expect(events).toEqual(expect.arrayContaining(['MODAL_OPEN', 'CONNECT_ERROR', 'error']));
    const open = received().find((r) => r.body.props.event === 'MODAL_OPEN' && r.body.props.type !== 'error');
    expect(open).toMatchObject({ method: 'POST', path: '/e', query: { projectId: 'p1', st: 'latch', sv: 'react-1.0.0' } });
    expect(open?.body.props).toMatchObject({ view: 'Connect' });
    const error = received().find((r) => r.body.props.type === 'error');
    expect(error?.body.props).toMatchObject({ event: 'CONNECT_ERROR', errorType: 'CONNECTOR_ERROR', errorMessage: 'wallet exploded' });
    modal.destroy();
  });

  it('a 403 from the analytics host shows Invalid App Configuration once', async () => {
    server.requests.length = 0;
    status = 403;
    const { modal } = createTestModal({ telemetry: { endpoint } });
    const alerts: string[] = [];
    modal.on('ALERT', (a) => alerts.push(a.title));
    await modal.open();
    modal.close();
    await until(2);
    await expect.poll(() => alerts).toEqual(['Invalid App Configuration']);
    // The second 403 adds no second alert: a moment for it to arrive (absence has no event to wait for).
    await new Promise((r) => setTimeout(r, 20));
    expect(alerts).toEqual(['Invalid App Configuration']);
    modal.destroy();
  });

  it('with the analytics feature off, only error telemetry is sent', async () => {
    server.requests.length = 0;
    status = 200;
    const { modal, fake } = createTestModal({ telemetry: { endpoint }, features: { analytics: false } });
    await modal.open();
    fake.fail.connect = new Error('nope');
    await modal.connect('w').catch(() => undefined);
    await until(1);
    // No analytics event follows: a moment for one to arrive (absence has no event to wait for).
    await new Promise((r) => setTimeout(r, 20));
    expect(received().map((r) => r.body.props.type)).toEqual(['error']);
    modal.destroy();
  });
});
