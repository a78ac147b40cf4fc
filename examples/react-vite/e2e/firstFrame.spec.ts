import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { WALLET_NAME } from './helpers.js';

/**
 * What the first animation frame after a trusted click holds: `list` when a wallet-list entry has a
 * non-empty box, `shell` when only the loading dialog does, in the modal's shadow root.
 */
async function armFirstFrame(page: Page, walletName: string) {
  await page.evaluate((name) => {
    const w = window as unknown as { __firstFrame?: string };
    addEventListener(
      'click',
      (event) => {
        if (!event.isTrusted) return;
        requestAnimationFrame(() => {
          const root = document.querySelector('latch-modal')?.shadowRoot;
          const rows = [...(root?.querySelectorAll('button.row') ?? [])] as HTMLElement[];
          const row = rows.find((r) => r.textContent?.includes(name));
          const box = row?.getBoundingClientRect();
          const busy = root?.querySelector('[role="dialog"][aria-busy="true"]')?.getBoundingClientRect();
          w.__firstFrame = box && box.width > 0 && box.height > 0 ? 'list' : busy && busy.width > 0 ? 'shell' : 'nothing';
        });
      },
      { capture: true, once: true },
    );
  }, walletName);
}

const firstFrame = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __firstFrame?: string }).__firstFrame).then((h) => h.jsonValue());

for (const theme of ['dark', 'light'] as const) {
  test(`with the modal's code preloaded, the first frame after the click shows the wallet list (${theme})`, async ({
    page,
    demo,
    installWallet,
  }) => {
    await installWallet(page);
    await page.goto(`${demo.url}/?theme=${theme}`);
    const button = page.getByTestId('latch-connect-button');
    await button.hover(); // preloads, as a visitor's pointer does
    await page.waitForFunction(() => document.querySelector('latch-modal') !== null);
    await armFirstFrame(page, WALLET_NAME);
    await button.click();
    expect(await firstFrame(page)).toBe('list');
  });
}

test("without the modal's code yet, the first frame shows the loading dialog, and the list follows when the code arrives", async ({
  page,
  demo,
  installWallet,
}) => {
  await installWallet(page);
  // Hold the modal's chunk back, as a slow network would.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/mountModal-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(demo.url);
  await armFirstFrame(page, WALLET_NAME);
  await page.getByTestId('latch-connect-button').click();
  expect(await firstFrame(page)).toBe('shell');
  const shell = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(shell).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: new RegExp(WALLET_NAME) })).toBeVisible();
  await expect(page.locator('latch-modal')).toHaveCount(1);
});
