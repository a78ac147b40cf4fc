// Layout as a test: every view of the demo, in both themes, on a phone (375 × 667, mobile emulation, on a host page
// that overflows sideways) and on a laptop (1280 × 800): inside the visual viewport, nothing sideways, every control
// reachable by pointer and keyboard, one height per form, titles for people.
import { MOCK_WALLET_INFO } from '@latch/testkit';
import type { Locator } from '@playwright/test';
import { dialog, expect, openConnect, test, UNREQUESTED_CHAIN_ID } from './fixtures.js';
import { setWalletFailure, WALLET_NAME } from './helpers.js';
import { checkLayout, overflowHostPage, SCREENS, settle } from './layout.js';

/** An anvil account no other spec uses: its sends move nothing another test reads. */
const TOURIST = 4;

for (const [screen, device] of Object.entries(SCREENS)) {
  test.describe(`layout on ${screen}`, () => {
    test.use(device);

    for (const theme of ['dark', 'light'] as const) {
      test(`every view of the extension path keeps the layout rules (${theme})`, async ({ page, demo, installWallet, chains }) => {
        test.setTimeout(180_000); // about fifteen views, each measured and tabbed through
        await installWallet(page, { accountIndex: TOURIST, failures: { rejectConnect: true } });
        await page.goto(`${demo.url}/?theme=${theme}`);
        if (screen === 'phone') await overflowHostPage(page);
        const modal = dialog(page);
        // A tap on the settled sheet. On the phone, the control is activated in the page: Playwright's own
        // scroll-into-view pans the visual viewport, which the sheet follows, and its click then chases the sheet.
        // That every control is hit by a pointer at its centre is what checkLayout measures, on every view.
        const tap = async (target: Locator) => {
          await settle(page);
          if (screen === 'phone') await target.evaluate((el: HTMLElement) => el.click());
          else await target.click();
        };

        // Back on the Account view, its Activity tab loads again, and the centred dialog (desktop) grows when the list
        // comes: every row moves, and a click aimed before that lands beside its button (seen once: Send stayed unopened).
        const backToAccount = async () => {
          await tap(modal.getByRole('button', { name: 'Back' }));
          await expect(modal.getByRole('tabpanel', { name: 'Activity' })).toBeVisible();
          await expect(modal.getByText('Loading activity…')).toHaveCount(0);
        };

        await openConnect(page);
        await expect(modal.getByTestId('latch-wallet-list')).toBeVisible();
        await checkLayout(page, 'Connect');

        // The row the issue found covered on phones: a real tap reaches it.
        await tap(modal.getByRole('button', { name: /All Wallets/ }));
        await expect(modal.getByTestId('latch-all-wallets')).toBeVisible();
        await checkLayout(page, 'All Wallets');

        await tap(modal.getByRole('button', { name: 'Back' }));
        await tap(modal.getByRole('button', { name: new RegExp(WALLET_NAME) }));
        await expect(modal.getByText('Connection declined')).toBeVisible();
        await checkLayout(page, 'Connecting, declined');

        await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectConnect', false);
        await tap(modal.getByRole('button', { name: 'Try again' }));
        await expect(page.getByTestId('latch-account-button')).toBeVisible();
        await tap(page.getByTestId('latch-account-button'));
        await expect(modal.getByTestId('latch-tokens')).toBeVisible();
        await checkLayout(page, 'Account, Tokens');
        for (const tab of ['NFTs', 'Activity']) {
          await tap(modal.getByRole('tab', { name: tab }));
          await expect(modal.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
          await checkLayout(page, `Account, ${tab}`);
        }

        await tap(modal.getByRole('button', { name: /change network$/ }));
        await expect(modal.getByTestId('latch-networks')).toBeVisible();
        await checkLayout(page, 'Networks');
        await backToAccount();

        await tap(modal.getByTestId('latch-feature-WalletReceive'));
        await expect(modal.getByRole('heading', { name: 'Receive' })).toBeVisible();
        await checkLayout(page, 'Receive');
        await backToAccount();

        await tap(modal.getByTestId('latch-feature-WalletSend'));
        await expect(modal.getByTestId('latch-send')).toBeVisible();
        // The form's refusal shows under its field, and the form keeps one height.
        await tap(modal.getByTestId('latch-send-review'));
        await checkLayout(page, 'Send, refused');
        await tap(modal.getByRole('button', { name: /^Token/ }));
        await checkLayout(page, 'Select Token');
        await tap(modal.getByRole('button', { name: /Ether|ETH/ }).first());
        await modal.getByRole('textbox', { name: /^Amount/ }).fill('0.001');
        await modal.getByRole('textbox', { name: 'To' }).fill(chains.main.accounts[TOURIST]!.address);
        await tap(modal.getByTestId('latch-send-review'));
        await expect(modal.getByTestId('latch-send-fee')).toHaveText(/ETH$/);
        await checkLayout(page, 'Review Send');
        await tap(modal.getByTestId('latch-send-confirm'));
        await expect(modal.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
        const result = await checkLayout(page, 'Send result');
        expect(result.title).toBe('Send');
        await expect(modal.getByRole('button', { name: 'Back' })).toHaveCount(0);
      });

      test(`UnsupportedChain keeps the layout rules (${theme})`, async ({ page, demo, installWallet }) => {
        await installWallet(page, { accountIndex: TOURIST, chainId: UNREQUESTED_CHAIN_ID });
        await page.goto(`${demo.url}/?theme=${theme}`);
        if (screen === 'phone') await overflowHostPage(page);
        await openConnect(page);
        await settle(page);
        await dialog(page)
          .getByRole('button', { name: new RegExp(WALLET_NAME) })
          .click();
        await expect(dialog(page).getByTestId('latch-unsupported')).toBeVisible();
        await checkLayout(page, 'UnsupportedChain');
      });
    }
  });
}

test('<ConnectButton/> sizes to its content in a default Vite layout (a stretching flex column) and in a grid cell', async ({
  page,
  demo,
}) => {
  await page.goto(demo.url);
  const button = page.getByTestId('latch-connect-button');
  await expect(button).toBeVisible();
  // Vite's React template: #root is a flex column whose children stretch to its width.
  for (const layout of ['display: flex; flex-direction: column; align-items: stretch', 'display: grid; justify-items: stretch']) {
    await page.evaluate((css) => {
      const nav = document.querySelector('nav[aria-label="Wallet"]') as HTMLElement;
      nav.style.cssText = `${css}; width: 900px`;
    }, layout);
    const width = await button.evaluate((el) => el.getBoundingClientRect().width);
    const content = await button.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().width;
    });
    // Its label and padding (16 px a side), not the 900 px column.
    expect(width, layout).toBeLessThanOrEqual(content + 34);
  }
});
