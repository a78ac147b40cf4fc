import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MOCK_WALLET_INFO } from '@latch/testkit';
import { dialog, expect, openConnect, test, UNREQUESTED_CHAIN_ID } from './fixtures.js';
import { audit, setWalletFailure, WALLET_NAME } from './helpers.js';
import { settle } from './layout.js';

/** Screenshots of every view land here (git-ignored) for people to look at. */
const SHOTS = new URL('../screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, theme: string, view: string) {
  await settle(page); // the 150 ms view transition has finished
  await page.screenshot({ path: `${SHOTS}${theme}-${view}.png` });
}

for (const theme of ['dark', 'light'] as const) {
  test(`every view passes axe with no serious violation (${theme})`, async ({ page, demo, installWallet }) => {
    await installWallet(page, { failures: { rejectConnect: true } });
    await page.goto(`${demo.url}/?theme=${theme}`);
    await audit(page, 'page with the button only');

    await openConnect(page);
    await expect(dialog(page).getByTestId('latch-wallet-list')).toBeVisible();
    await audit(page, 'Connect');
    await shoot(page, theme, 'connect');

    await dialog(page)
      .getByRole('button', { name: /All Wallets/ })
      .click();
    await expect(dialog(page).getByTestId('latch-all-wallets')).toBeVisible();
    await audit(page, 'AllWallets');
    await shoot(page, theme, 'all-wallets');

    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await dialog(page)
      .getByRole('button', { name: new RegExp(WALLET_NAME) })
      .click();
    await expect(dialog(page).getByText('Connection declined')).toBeVisible();
    await audit(page, 'ConnectingExternal (declined)');
    await shoot(page, theme, 'connecting-declined');

    await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectConnect', false);
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('latch-account-button')).toBeVisible();
    await page.getByTestId('latch-account-button').click();
    await expect(dialog(page).getByTestId('latch-tokens')).toBeVisible();
    await audit(page, 'Account');
    await shoot(page, theme, 'account');

    await dialog(page).getByRole('tab', { name: 'Activity' }).click();
    await audit(page, 'Account, Activity tab');

    await dialog(page)
      .getByRole('button', { name: /change network$/ })
      .click();
    await expect(dialog(page).getByTestId('latch-networks')).toBeVisible();
    await audit(page, 'Networks');
    await shoot(page, theme, 'networks');
  });

  test(`UnsupportedChain passes axe (${theme})`, async ({ page, demo, installWallet }) => {
    await installWallet(page, { chainId: UNREQUESTED_CHAIN_ID });
    await page.goto(`${demo.url}/?theme=${theme}`);
    await openConnect(page);
    await dialog(page)
      .getByRole('button', { name: new RegExp(WALLET_NAME) })
      .click();
    await expect(dialog(page).getByTestId('latch-unsupported')).toBeVisible();
    await audit(page, 'UnsupportedChain');
    await shoot(page, theme, 'unsupported-chain');
  });
}

test('on a narrow viewport the modal is a bottom sheet', async ({ page, demo, installWallet }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await installWallet(page);
  await page.goto(demo.url);
  await openConnect(page);
  await expect(dialog(page).getByTestId('latch-wallet-list')).toBeVisible();
  await settle(page);
  const box = await dialog(page).boundingBox();
  expect(box).not.toBeNull();
  expect(Math.round(box!.width)).toBe(390);
  expect(Math.round(box!.y + box!.height)).toBe(800);
  await audit(page, 'Connect (mobile)');
  await shoot(page, 'dark', 'connect-mobile');
});

/** Height animations the dialog ran since the page loaded (kept on the element by the test's own hook). */
async function heightAnimations(page: Page): Promise<{ duration: number; from: string; to: string }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __latchHeightAnimations?: { duration: number; from: string; to: string }[] }).__latchHeightAnimations ?? [],
  );
}

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`§2 modal height: a view change glides over 150 ms (reduced motion: ${reducedMotion})`, async ({ page, demo, installWallet }) => {
    await page.emulateMedia({ reducedMotion });
    // Record every height animation the page starts, whatever element and whenever it ends.
    await page.addInitScript(() => {
      const seen: { duration: number; from: string; to: string }[] = [];
      (window as unknown as { __latchHeightAnimations: typeof seen }).__latchHeightAnimations = seen;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (keyframes, options) {
        const frames = keyframes as Keyframe[];
        if (Array.isArray(frames) && frames[0] && 'height' in frames[0]) {
          const duration = typeof options === 'number' ? options : Number(options?.duration ?? 0);
          seen.push({ duration, from: String(frames[0].height), to: String(frames[frames.length - 1]?.height) });
        }
        return animate.call(this, keyframes, options);
      };
    });
    await installWallet(page);
    await page.goto(demo.url);
    await openConnect(page);
    await expect(dialog(page).getByTestId('latch-wallet-list')).toBeVisible();
    await settle(page);
    expect(await heightAnimations(page)).toEqual([]); // opening is not animated
    const before = (await dialog(page).boundingBox())?.height ?? 0;
    await dialog(page).getByRole('button', { name: 'All Wallets' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'All Wallets' })).toBeVisible();
    // The view's code loads first (a short loading shell), then its wallets, and each size glides in turn: wait for the
    // wallets, then until two frames pass after the last glide ended with no new one started (a resize starts its glide
    // before the next frame is painted).
    await expect(dialog(page).getByTestId('latch-all-wallets').getByRole('listitem').first()).toBeVisible();
    await expect
      .poll(async () => {
        await settle(page);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        return page.evaluate(
          () =>
            document
              .querySelector('latch-modal')
              ?.shadowRoot?.getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
        );
      })
      .toBe(0);
    const after = (await dialog(page).boundingBox())?.height ?? 0;
    expect(Math.abs(after - before)).toBeGreaterThan(20);
    const animations = await heightAnimations(page);
    if (reducedMotion === 'reduce') {
      expect(animations).toEqual([]);
    } else {
      expect(animations.length).toBeGreaterThan(0);
      expect(animations[0]?.duration).toBe(150);
      expect(Math.abs(Number.parseFloat(animations[0]?.from ?? '') - before)).toBeLessThan(1);
      expect(Math.abs(Number.parseFloat(animations.at(-1)?.to ?? '') - after)).toBeLessThan(1);
    }
  });
}
