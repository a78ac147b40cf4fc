import { expect, type Page } from '@playwright/test';
import {
  address as toAddress,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  signatureBytes,
  verifySignature,
} from '@solana/kit';
import axe from 'axe-core';
import { settle } from './layout.js';

export const WALLET_NAME = 'Latch Test Wallet';
export const SECOND_WALLET_NAME = 'Second Test Wallet';

export async function rpc<T>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result: T };
  return body.result;
}

/**
 * A balance as the modal must show it (§9: 3 decimals, cut not rounded, thousands grouped), worked out
 * here from the chain's own figure in the smallest unit, not with the product's formatter.
 */
export function balanceText(units: bigint, decimals: number, symbol: string): string {
  const scale = 10n ** BigInt(decimals);
  const thousandths = ((units % scale) * 1000n) / scale;
  return `${(units / scale).toLocaleString('en-US')}.${thousandths.toString().padStart(3, '0')} ${symbol}`;
}

/** What the Account view must show for an address's native balance on a chain (§9 display). */
export async function expectedBalanceText(rpcUrl: string, address: string): Promise<string> {
  return balanceText(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest'])), 18, 'ETH');
}

/** An address as the modal shows it (§9): its first 4 characters (0x counts), '…', its last 6. */
export const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`;

/** Hosts other than loopback that the page tried to reach: the privacy figure, must stay 0. */
export function watchForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.protocol.startsWith('http')) foreign.push(request.url());
  });
  return foreign;
}

/**
 * Makes every request for one of the built page's chunks (`name`, as in `assets/<name>-<hash>.js`) fail as a dropped
 * connection fails it, whatever its query: the modal retries a failed chunk with a query of its own, since the
 * browser keeps the failed URL. `refused` lists what was refused; `serveAgain(action)` lets the requests through
 * again, runs `action` and expects it to fetch the chunk anew (with a query: a retry), answered 200.
 */
export async function refuseChunk(page: Page, name: string) {
  const chunk = new RegExp(`/assets/${name}-[^/?]+\\.js(\\?.*)?$`);
  const refused: string[] = [];
  await page.route(chunk, (route) => {
    refused.push(route.request().url());
    return route.abort('failed');
  });
  return {
    refused,
    async serveAgain(action: () => Promise<unknown>): Promise<void> {
      await page.unroute(chunk);
      const fetched = page.waitForResponse((response) => chunk.test(response.url()) && response.url().includes('?'), {
        timeout: 30_000,
      });
      await action();
      expect((await fetched).status()).toBe(200);
    },
  };
}

/**
 * The steps a refused-chunk test shares once the first failure shows: `retry` while the chunk is still refused sends a
 * new request for it (the failure is not kept) and `stillFailed` holds again; then the server answers again, and
 * `retryAfterLift` (by default `retry`) fetches the code anew, answered 200.
 */
export async function retryUntilServed(
  code: Awaited<ReturnType<typeof refuseChunk>>,
  steps: { retry: () => Promise<unknown>; stillFailed: () => Promise<unknown>; retryAfterLift?: () => Promise<unknown> },
): Promise<void> {
  const before = code.refused.length;
  await steps.retry();
  await expect.poll(() => code.refused.length).toBeGreaterThan(before);
  await steps.stillFailed();
  await code.serveAgain(steps.retryAfterLift ?? steps.retry);
}

export async function requestLog(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __latchRequests?: string[] }).__latchRequests ?? [])]);
}

export async function setWalletFailure(page: Page, rdns: string, name: string, value: boolean) {
  await page.evaluate(
    ([r, n, v]) => {
      const wallets = (window as unknown as { __latchMockWallets: Record<string, { setFailure(n: string, v: boolean): void }> })
        .__latchMockWallets;
      wallets[r as string]?.setFailure(n as string, v as boolean);
    },
    [rdns, name, value] as const,
  );
}

/** Text of the element focused inside the modal's shadow root. */
export async function focusedInModal(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.querySelector('latch-modal')?.shadowRoot;
    const el = root?.activeElement as HTMLElement | null | undefined;
    return el ? `${el.getAttribute('aria-label') ?? ''}|${el.textContent ?? ''}` : '';
  });
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown }[];
}

/** Runs axe-core on the page once the modal's animations settle; fails on serious or critical violations. */
export async function audit(page: Page, label: string) {
  // Contrast is judged on the settled view: mid-fade, opacity makes every colour fail.
  await settle(page);
  // Evaluated over CDP: a page's own strict CSP (the wallet's pages have one) does not refuse it.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  const serious = (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${label}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

/** axe-core inside the wallet's own page (a frame whose URL contains `part`), evaluated over CDP, which its CSP does not govern. */
export async function auditFrame(page: Page, part: string, label: string) {
  const frame = page.frames().find((candidate) => candidate.url().includes(part));
  expect(frame, `${label}: no frame at ${part}`).toBeTruthy();
  await frame!.evaluate(axe.source);
  const violations = await frame!.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  const serious = (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${label}: ${JSON.stringify(serious, null, 1)}`).toEqual([]);
}

/** Whether `signature` (base58, as the demo shows it) is the Solana account's ed25519 signature of `message`. */
export async function verifySolanaSignature(address: string, message: string, signature: string): Promise<boolean> {
  const key = await getPublicKeyFromAddress(toAddress(address));
  return verifySignature(key, signatureBytes(new Uint8Array(getBase58Encoder().encode(signature))), getUtf8Encoder().encode(message));
}
