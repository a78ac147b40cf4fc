import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestModal } from './test-support/testModal.js';

interface Received {
  method?: string;
  path: string;
  query: Record<string, string>;
  body: { eventId: string; url: string; domain: string; timestamp: number; props: Record<string, unknown> };
}

let server: Server;
let endpoint = '';
const received: Received[] = [];
let status = 200;

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    received.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: JSON.parse(await readBody(req)) });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function until(count: number) {
  for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 10));
}

describe('analytics and error telemetry wired into the instance (§7, §8)', () => {
  it('sends the visitor actions and errors to the configured host only', async () => {
    received.length = 0;
    status = 200;
    const { modal, fake } = createTestModal({ telemetry: { endpoint }, projectId: 'p1', sdkType: 'latch', sdkVersion: 'react-1.0.0' });
    await modal.open();
    fake.fail.connect = new Error('wallet exploded');
    await modal.connect('w').catch(() => undefined);
    await until(3);
    const events = received.map((r) => (r.body.props.type === 'error' ? 'error' : r.body.props.event));
    expect(events).toEqual(expect.arrayContaining(['MODAL_OPEN', 'CONNECT_ERROR', 'error']));
    const open = received.find((r) => r.body.props.event === 'MODAL_OPEN' && r.body.props.type !== 'error');
    expect(open).toMatchObject({ method: 'POST', path: '/e', query: { projectId: 'p1', st: 'latch', sv: 'react-1.0.0' } });
    expect(open?.body.props).toMatchObject({ view: 'Connect' });
    const error = received.find((r) => r.body.props.type === 'error');
    expect(error?.body.props).toMatchObject({ event: 'CONNECT_ERROR', errorType: 'CONNECTOR_ERROR', errorMessage: 'wallet exploded' });
    modal.destroy();
  });

  it('a 403 from the analytics host shows Invalid App Configuration once', async () => {
    received.length = 0;
    status = 403;
    const { modal } = createTestModal({ telemetry: { endpoint } });
    const alerts: string[] = [];
    modal.on('ALERT', (a) => alerts.push(a.title));
    await modal.open();
    modal.close();
    await until(2);
    await new Promise((r) => setTimeout(r, 20));
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect(alerts).toEqual(['Invalid App Configuration']);
    modal.destroy();
  });

  it('with the analytics feature off, only error telemetry is sent', async () => {
    received.length = 0;
    status = 200;
    const { modal, fake } = createTestModal({ telemetry: { endpoint }, features: { analytics: false } });
    await modal.open();
    fake.fail.connect = new Error('nope');
    await modal.connect('w').catch(() => undefined);
    await until(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(received.map((r) => r.body.props.type)).toEqual(['error']);
    modal.destroy();
  });
});
