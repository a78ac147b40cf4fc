// @vitest-environment node
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { launchChromium, UI_WAIT_TIMEOUT_MS } from '@latch/testkit';
import { type SmtpInbox, startSmtpInbox } from '@latch/devnet';
import axe from 'axe-core';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { type Hex, verifyMessage } from 'viem';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmbeddedWalletService, startEmbeddedWalletService } from '../server/index.js';

/*
 * The built frame app in Chromium, on the real reference service (PGlite, e-mail codes through a local SMTP
 * inbox), embedded by a host page under a strict CSP. The host page here is a minimal PROTOCOL §2 driver, not
 * the connector: it proves what the frame alone guarantees (real IndexedDB, CSP, origin isolation, keys).
 */

const PACKAGE = resolve(import.meta.dirname, '../..');
const HOST_SCRIPT = `
const service = new URLSearchParams(location.search).get('s');
const received = (window.received = []);
const everything = (window.everything = []);
const waiting = new Map();
const frame = document.createElement('iframe');
window.ready = new Promise((resolve) => {
  window.addEventListener('message', (event) => {
    everything.push({ origin: event.origin, fromWallet: event.source === frame.contentWindow, data: event.data });
    if (event.origin !== service || event.source !== frame.contentWindow) return;
    received.push(event.data);
    if (event.data?.type === 'frame:ready') resolve(true);
    waiting.get(event.data?.id)?.(event.data);
  });
});
window.request = (type, payload) => {
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const reply = new Promise((resolve) => waiting.set(id, resolve));
  frame.contentWindow.postMessage({ latch: 'embedded', v: 1, id, type, payload }, service);
  return reply;
};
window.approvalRequests = () => received.filter((m) => m.type === 'approval:required').map((m) => m.payload.requestId);
window.openApproval = (requestId, style) => {
  const approval = document.createElement('iframe');
  approval.title = 'Approve the request';
  approval.width = '420';
  approval.height = '420';
  approval.id = 'approval-' + requestId;
  approval.src = service + '/frame/approve?projectId=demo&request=' + requestId;
  if (style) Object.assign(approval.style, style);
  document.body.append(approval);
};
window.cover = (requestId, opacity) => {
  const box = document.getElementById('approval-' + requestId).getBoundingClientRect();
  const cover = document.createElement('div');
  cover.id = 'cover';
  Object.assign(cover.style, {
    position: 'fixed', left: box.left + 'px', top: box.top + 'px', width: box.width + 'px', height: box.height + 'px',
    background: 'rgba(255, 255, 255, ' + opacity + ')', pointerEvents: 'none',
  });
  document.body.append(cover);
};
window.openRecovery = () => {
  const recovery = document.createElement('iframe');
  recovery.title = 'Recovery secret';
  recovery.width = '420';
  recovery.height = '360';
  recovery.src = service + '/frame/recovery?projectId=demo';
  document.body.append(recovery);
};
frame.title = 'Embedded wallet';
frame.src = service + '/frame?projectId=demo&chainId=31337&v=1';
document.body.append(frame);
`;
const HOST_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><script defer src="/host.js"></script></head><body></body></html>';

let frameDir: string;
let inbox: SmtpInbox;
let service: RunningEmbeddedWalletService;
let host: Server;
let hostUrl: string;
let evil: Server;
let evilUrl: string;
let browser: Browser;
/** The service's rate-limit clock: moved past the 30 s per-address cooldown before the second sign-in. */
let skew = 0;

function startHost(serviceUrl: () => string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const csp = `default-src 'none'; script-src 'self'; frame-src ${serviceUrl()}; base-uri 'none'`;
    if (request.url === '/host.js')
      response.writeHead(200, { 'content-type': 'text/javascript', 'content-security-policy': csp }).end(HOST_SCRIPT);
    else response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end(HOST_PAGE);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
}

beforeAll(async () => {
  frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-build-'));
  await build({ configFile: join(PACKAGE, 'vite.frame.config.ts'), logLevel: 'silent', build: { outDir: frameDir, emptyOutDir: true } });
  inbox = await startSmtpInbox();
  ({ server: host, url: hostUrl } = await startHost(() => service.url));
  ({ server: evil, url: evilUrl } = await startHost(() => service.url));
  service = await startEmbeddedWalletService({
    projects: [{ id: 'demo', allowedOrigins: [hostUrl] }],
    smtp: { host: inbox.host, port: inbox.port, from: 'Wallet <wallet@service.test>' },
    secret: 'a-test-secret-of-at-least-32-characters',
    frameDir,
    now: () => Date.now() + skew,
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await inbox?.close();
  for (const server of [host, evil]) server?.closeAllConnections();
  await Promise.all([host, evil].map((server) => server && new Promise((done) => server.close(done))));
  if (frameDir) await rm(frameDir, { recursive: true, force: true });
});

interface Reply {
  type: string;
  payload: Record<string, unknown> & { user?: { email: string; addresses: { eip155: Hex; solana: string } } };
}

const request = (page: Page, type: string, payload: unknown = {}) =>
  page.evaluate(([t, p]) => (window as unknown as { request(type: unknown, payload: unknown): Promise<Reply> }).request(t, p), [
    type,
    payload,
  ] as const);

async function openHost(context: BrowserContext, violations: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (process.env.DEBUG_FRAME) console.log('[browser]', message.text());
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${hostUrl}/?s=${encodeURIComponent(service.url)}`);
  await page.waitForFunction(() => (window as unknown as { ready: Promise<boolean> }).ready, undefined, { timeout: UI_WAIT_TIMEOUT_MS });
  expect((await request(page, 'frame:hello', { projectId: 'demo', sdkVersion: 'test' })).type).toBe('frame:hello:success');
  return page;
}

async function signIn(page: Page, email: string): Promise<Reply> {
  const before = inbox.messages.length;
  expect((await request(page, 'email:connect', { email })).payload).toEqual({ action: 'VERIFY_OTP' });
  const mail = await inbox.waitFor({ to: email }, { after: before });
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)![1];
  return request(page, 'email:otp', { otp: code });
}

async function recoveryFrame(page: Page): Promise<Frame> {
  const find = () => page.frames().find((frame) => frame.url().includes('/frame/recovery'));
  await expect.poll(() => Boolean(find())).toBe(true);
  return find()!;
}
const walletFrame = (page: Page): Frame => page.frames().find((frame) => /\/frame\?/.test(frame.url()))!;

/** The id of the next request the frame says waits for the visitor (after `seen` of them). */
async function nextApproval(page: Page, seen: number): Promise<string> {
  const handle = await page.waitForFunction(
    (count) => (window as unknown as { approvalRequests(): string[] }).approvalRequests()[count],
    seen,
    { timeout: UI_WAIT_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as string;
}

/** The host shows the approval page for a request; returns that page's frame once it shows the request. */
async function showApproval(page: Page, requestId: string, style?: Record<string, string>): Promise<Frame> {
  await page.evaluate(([id, css]) => (window as unknown as { openApproval(id: string, css?: object): void }).openApproval(id, css), [
    requestId,
    style,
  ] as const);
  const find = () => page.frames().find((frame) => frame.url().includes(`request=${requestId}`));
  await expect.poll(() => Boolean(find())).toBe(true);
  const frame = find()!;
  await frame.locator('#request').waitFor({ state: 'visible' });
  // In view, as the modal shows it: a page partly below the fold cannot be approved either.
  await page.locator(`#approval-${requestId}`).scrollIntoViewIfNeeded();
  return frame;
}

/**
 * A script clicks Approve (forced, through whatever covers it) until the page answers; the answer must match `refusal`.
 * Chromium drops input to a frame whose visibility just changed, for longer on a loaded machine, so one click may never
 * arrive; every click that does is refused (no signature: the test checks after).
 */
async function clickUntilRefused(frame: Frame, refusal: RegExp): Promise<void> {
  await expect
    .poll(async () => {
      await frame.getByRole('button', { name: 'Approve' }).click({ force: true });
      return frame.locator('#gate').textContent();
    })
    .toMatch(refusal);
}

/** The visitor approves in the approval page, once it accepts input (the request visible for a moment). */
async function approveIn(page: Page, seen: number): Promise<void> {
  const frame = await showApproval(page, await nextApproval(page, seen));
  const approve = frame.getByRole('button', { name: 'Approve' });
  await expect.poll(() => approve.getAttribute('aria-disabled')).toBe('false');
  await approve.click();
}

/** axe-core inside a frame (evaluated over CDP, which the frame's CSP does not govern); every violation fails. */
async function audit(frame: Frame, label: string): Promise<void> {
  await frame.evaluate(axe.source);
  const violations = await frame.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target),
    }));
  });
  expect(violations, label).toEqual([]);
}

describe('the built frame in Chromium', () => {
  it("is built without inline scripts or eval, for the CSP script-src 'self'", async () => {
    for (const page of ['index.html', 'recovery.html', 'approve.html', 'logins.html']) {
      const html = await readFile(join(frameDir, page), 'utf8');
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, page).toMatch(/ src="\/frame\/assets\/[^"]+\.js"/);
      expect(html).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
      expect(html).not.toMatch(/ on[a-z]+="/);
    }
    for (const name of await readdir(join(frameDir, 'assets'))) {
      if (name.endsWith('.js')) expect(await readFile(join(frameDir, 'assets', name), 'utf8'), name).not.toMatch(/\beval\(|new Function\(/);
    }
  });

  it('creates, signs, restores after reload, recovers in a second browser, and keeps every secret in the frame origin', async () => {
    const violations: string[] = [];
    const email = `ada-${Date.now()}@example.test`;
    const first = await browser.newContext();
    const page = await openHost(first, violations);
    expect((await signIn(page, email)).payload).toEqual({ action: 'CREATE' });

    // Create: the host opens the visible recovery frame; the visitor copies the secret and confirms.
    const created = request(page, 'wallet:create');
    created.catch(() => undefined);
    await page.evaluate(() => (window as unknown as { openRecovery(): void }).openRecovery());
    const recovery = await recoveryFrame(page);
    const secretText = recovery.locator('#secret');
    await secretText.waitFor({ state: 'visible' });
    const secret = (await secretText.textContent())!;
    await audit(recovery, 'recovery frame, show mode, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await audit(recovery, 'recovery frame, show mode, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(secret).toMatch(/^latch1-[1-9A-HJ-NP-Za-km-z]{40,60}$/);
    await expect(recovery.locator('#saved').isDisabled()).resolves.toBe(true);
    // Without allow="clipboard-write" on the frame, Copy selects the secret for the visitor to copy.
    await recovery.locator('#copy').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => recovery.locator('#copy-status').textContent()).toBe('Selected: press Ctrl+C (⌘C) to copy');
    await expect(recovery.evaluate(() => getSelection()?.toString())).resolves.toBe(secret);
    await recovery.locator('#saved-check').focus();
    await page.keyboard.press('Space');
    await recovery.locator('#saved').focus();
    await page.keyboard.press('Enter');
    const { user } = (await created).payload;
    await expect.poll(() => recovery.locator('#done').textContent()).toBe('Recovery secret saved. Your wallet is ready.');
    await expect(recovery.locator('#secret').textContent()).resolves.toBe('');
    expect(user?.email).toBe(email);
    const addresses = user!.addresses;

    const signing = request(page, 'rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'personal_sign',
      params: ['Hello from Chromium', addresses.eip155],
    });
    await approveIn(page, 0);
    const approval = page.frames().find((frame) => frame.url().includes('/frame/approve'))!;
    await expect.poll(() => approval.locator('#outcome').textContent()).toBe('Approved and signed. You can return to the site.');
    await audit(approval, 'approval page, answered');
    const signed = await signing;
    expect(
      await verifyMessage({ address: addresses.eip155, message: 'Hello from Chromium', signature: signed.payload.result as Hex }),
    ).toBe(true);

    const message = 'Sign in to Latch';
    const solanaSigning = request(page, 'rpc:request', {
      namespace: 'solana',
      chainId: 'localnet',
      method: 'solana_signMessage',
      params: { message: base58.encode(new TextEncoder().encode(message)) },
    });
    await approveIn(page, 1);
    const solana = await solanaSigning;
    const solanaSignature = base58.decode((solana.payload.result as { signature: string }).signature);
    expect(ed25519.verify(solanaSignature, new TextEncoder().encode(message), base58.decode(addresses.solana))).toBe(true);

    // The device share is sealed under a non-extractable AES-GCM key in the frame origin's IndexedDB.
    const sealed = await walletFrame(page).evaluate(async () => {
      const db = await new Promise<IDBDatabase>((done, fail) => {
        const open = indexedDB.open('latch-embedded');
        open.onsuccess = () => done(open.result);
        open.onerror = () => fail(open.error);
      });
      const keys = await new Promise<IDBValidKey[]>((done) => {
        const all = db.transaction('kv').objectStore('kv').getAllKeys();
        all.onsuccess = () => done(all.result);
      });
      const shareKey = keys.find((key) => String(key).startsWith('share:'))!;
      const record = await new Promise<{ key: CryptoKey; ciphertext: ArrayBuffer }>((done) => {
        const get = db.transaction('kv').objectStore('kv').get(shareKey);
        get.onsuccess = () => done(get.result);
      });
      const exported = await crypto.subtle.exportKey('raw', record.key).then(
        () => 'exported',
        (error: Error) => error.name,
      );
      return {
        keys: keys.map(String),
        extractable: record.key.extractable,
        algorithm: record.key.algorithm.name,
        exported,
        bytes: record.ciphertext.byteLength,
      };
    });
    expect(sealed).toMatchObject({ extractable: false, algorithm: 'AES-GCM', exported: 'InvalidAccessError', bytes: 33 + 16 });
    expect(sealed.keys.some((key) => key.startsWith('session:'))).toBe(true);

    // A hostile script on the host page: no access into the frame, no key-export request, no secret in any message.
    const hostile = await page.evaluate(async () => {
      const frame = document.querySelector('iframe')!;
      let document_ = 'readable';
      try {
        void frame.contentWindow!.document.body;
      } catch (error) {
        document_ = (error as Error).name;
      }
      const databases = (await indexedDB.databases()).map((db) => db.name);
      return { contentDocument: frame.contentDocument === null, document_, databases };
    });
    expect(hostile).toEqual({ contentDocument: true, document_: 'SecurityError', databases: [] });
    expect((await request(page, 'wallet:export', {})).payload).toMatchObject({
      code: 'invalid_message',
      message: 'Unknown request type "wallet:export"',
    });
    expect(
      (await request(page, 'rpc:request', { namespace: 'eip155', chainId: 31337, method: 'eth_private_key', params: [] })).payload,
    ).toMatchObject({
      code: 4200,
    });
    const everything = await page.evaluate(() => (window as unknown as { everything: { fromWallet: boolean }[] }).everything);
    expect(everything.length).toBeGreaterThan(5);
    expect(everything.filter((message) => !message.fromWallet)).toEqual([]);
    const received = JSON.stringify(everything);
    expect(received).not.toContain(secret.slice(7, 30));
    expect(received).not.toMatch(/latch1-|authShare|token/i);

    // Reload: the frame restores silently from its own storage.
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { ready: Promise<boolean> }).ready);
    await request(page, 'frame:hello', { projectId: 'demo', sdkVersion: 'test' });
    expect((await request(page, 'session:restore')).payload).toEqual({ user });

    // A second browser: e-mail sign-in, then the recovery secret (a typo first) rebuilds the same addresses.
    skew += 31_000;
    const second = await browser.newContext();
    const other = await openHost(second, violations);
    expect((await signIn(other, email)).payload).toEqual({ action: 'RECOVER' });
    const recovered = request(other, 'wallet:recover:ready');
    recovered.catch(() => undefined);
    await other.evaluate(() => (window as unknown as { openRecovery(): void }).openRecovery());
    const enter = await recoveryFrame(other);
    const input = enter.getByRole('textbox', { name: 'Recovery secret' });
    await input.waitFor({ state: 'visible' });
    const typo = `${secret.slice(0, 20)}${secret[20] === 'a' ? 'b' : 'a'}${secret.slice(21)}`;
    await input.fill(typo);
    await input.press('Enter');
    await expect.poll(() => enter.locator('#secret-error').textContent()).toMatch(/typo/);
    await expect(input.getAttribute('aria-invalid')).resolves.toBe('true');
    await audit(enter, 'recovery frame, enter mode with an error');
    await input.fill(secret);
    await input.press('Enter');
    expect((await recovered).payload).toEqual({ user });
    await expect.poll(() => enter.locator('#done').textContent()).toBe('Wallet recovered on this device.');
    const againSigning = request(other, 'rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'personal_sign',
      params: ['Second device', addresses.eip155],
    });
    await approveIn(other, 0);
    const again = await againSigning;
    expect(await verifyMessage({ address: addresses.eip155, message: 'Second device', signature: again.payload.result as Hex })).toBe(true);

    // Sign out: the session ends; a reload is not connected.
    expect((await request(other, 'signout')).type).toBe('signout:success');
    await other.reload();
    await other.waitForFunction(() => (window as unknown as { ready: Promise<boolean> }).ready);
    await request(other, 'frame:hello', { projectId: 'demo', sdkVersion: 'test' });
    expect((await request(other, 'session:restore')).payload).toMatchObject({ code: 'not_connected' });

    expect(violations).toEqual([]);
    await first.close();
    await second.close();
  });

  it('a script on the host page gets no signature: not by asking, not after a reload, not by covering or fading the approval page', async () => {
    const violations: string[] = [];
    skew += 31_000;
    const context = await browser.newContext();
    const page = await openHost(context, violations);
    expect((await signIn(page, `target-${Date.now()}@example.test`)).payload).toEqual({ action: 'CREATE' });
    const created = request(page, 'wallet:create');
    created.catch(() => undefined);
    await page.evaluate(() => (window as unknown as { openRecovery(): void }).openRecovery());
    const recovery = await recoveryFrame(page);
    await recovery.locator('#saved-check').check();
    await recovery.locator('#saved').click();
    const addresses = (await created).payload.user!.addresses;
    const successes = () =>
      page.evaluate(() =>
        (window as unknown as { received: { type: string }[] }).received.filter((message) => message.type === 'rpc:request:success'),
      );

    // What the review's probe asked for: a message, an unlimited USDC Permit, a complete 1 ETH transaction, a Solana message.
    const permit = {
      domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: {
        owner: addresses.eip155,
        spender: '0x000000000000000000000000000000000000dEaD',
        value: (2n ** 256n - 1n).toString(),
        nonce: '0',
        deadline: '99999999999',
      },
    };
    const asks = [
      { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: ['Transfer everything', addresses.eip155] },
      { namespace: 'eip155', chainId: 31337, method: 'eth_signTypedData_v4', params: [addresses.eip155, JSON.stringify(permit)] },
      {
        namespace: 'eip155',
        chainId: 31337,
        method: 'eth_signTransaction',
        params: [
          {
            from: addresses.eip155,
            to: '0x000000000000000000000000000000000000dEaD',
            value: '0xde0b6b3a7640000',
            nonce: '0x0',
            gas: '0x5208',
            maxFeePerGas: '0x77359400',
            maxPriorityFeePerGas: '0x3b9aca00',
            chainId: '0x7a69',
          },
        ],
      },
      {
        namespace: 'solana',
        chainId: 'localnet',
        method: 'solana_signMessage',
        params: { message: base58.encode(new TextEncoder().encode('Transfer everything')) },
      },
    ];
    const replies = asks.map((ask) => request(page, 'rpc:request', ask));
    for (const reply of replies) reply.catch(() => undefined);
    const ids: string[] = [];
    for (let index = 0; index < asks.length; index++) ids.push(await nextApproval(page, index));
    // The frame asked for the visitor's approval four times and answered nothing.
    expect(await successes()).toEqual([]);

    // Covered by a translucent layer that lets the click through: the page refuses Approve.
    const covered = await showApproval(page, ids[0] as string);
    await expect.poll(() => covered.locator('#title').textContent()).toBe('Sign this message');
    // First in plain view long enough to accept a click (Chromium itself drops clicks on a frame that just moved).
    await expect.poll(() => covered.getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).toBe('false');
    await page.evaluate((id) => (window as unknown as { cover(id: string, opacity: number): void }).cover(id, 0.6), ids[0] as string);
    const gate = covered.locator('#gate');
    await expect.poll(() => gate.textContent()).toMatch(/fully visible/);
    // The click goes through the layer and reaches Approve, which says no.
    await clickUntilRefused(covered, /^Not approved\. .*fully visible/);
    await page.evaluate(() => document.getElementById('cover')?.remove());
    // Faded once it was ready: refused the same way.
    const faded = await showApproval(page, ids[1] as string);
    await expect.poll(() => faded.getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).toBe('false');
    await page.evaluate((id) => {
      (document.getElementById(`approval-${id}`) as HTMLElement).style.opacity = '0.4';
    }, ids[1] as string);
    await expect.poll(() => faded.locator('#gate').textContent()).toMatch(/fully visible/);
    await clickUntilRefused(faded, /^Not approved\./);
    // Scaled and turned: never accepts a click (Chromium may also drop clicks on a frame that just moved).
    const scaled = await showApproval(page, ids[2] as string, { transform: 'scale(1.3) rotate(2deg)' });
    await expect.poll(() => scaled.locator('#gate').textContent()).toMatch(/fully visible/);
    await expect.poll(() => scaled.getByRole('button', { name: 'Approve' }).getAttribute('aria-disabled')).toBe('true');
    await scaled.getByRole('button', { name: 'Approve' }).click({ force: true });
    // What the approval page showed is the frame's own reading: the unlimited allowance, the amount and fee in full.
    await expect.poll(() => faded.locator('#rows').textContent()).toContain('Unlimited');
    await expect
      .poll(() => faded.locator('#warnings').textContent())
      .toContain('lets 0x000000000000000000000000000000000000dEaD move your tokens');
    await expect.poll(() => scaled.locator('#rows').textContent()).toContain('1 ETH');
    await expect.poll(() => scaled.locator('#rows').textContent()).toContain('Network fee (at most)0.000042 ETH');
    await audit(scaled, 'approval page, a transaction');
    expect(await successes()).toEqual([]);

    // A reload: the restored session signs nothing either; the host can only cancel (4001).
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { ready: Promise<boolean> }).ready);
    await request(page, 'frame:hello', { projectId: 'demo', sdkVersion: 'test' });
    expect((await request(page, 'session:restore')).type).toBe('session:restore:success');
    const afterReload = request(page, 'rpc:request', asks[0]);
    const reloadedId = await nextApproval(page, 0);
    expect(await successes()).toEqual([]);
    expect((await request(page, 'approval:cancel', { requestId: reloadedId })).type).toBe('approval:cancel:success');
    expect((await afterReload).payload).toMatchObject({ code: 4001 });

    // The positive control: the visitor, with the page in plain view, approves one request and only it is signed.
    const wanted = request(page, 'rpc:request', asks[0]);
    await approveIn(page, 1);
    const signature = (await wanted).payload.result as Hex;
    expect(await verifyMessage({ address: addresses.eip155, message: 'Transfer everything', signature })).toBe(true);
    expect(await successes()).toHaveLength(1);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('does not render in a page whose origin is not on the allowlist (frame-ancestors)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${evilUrl}/?s=${encodeURIComponent(service.url)}`);
    const ready = await page.evaluate(() =>
      Promise.race([(window as unknown as { ready: Promise<boolean> }).ready, new Promise((done) => setTimeout(() => done(false), 3_000))]),
    );
    expect(ready).toBe(false);
    await context.close();
  });
});
