// `npm run gallery` (after the root build): a screenshot of every view of the demo, dark and light, on a phone
// (375 × 667, mobile emulation) and a laptop (1280 × 800), into docs/gallery/<view>-<theme>-<screen>.png. Everything
// runs on this machine (demoStack.mjs, Debian's Chromium): no request leaves it.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { chromiumExecutable, launchChromium } from '@latch/testkit';
import { codeOf } from '@latch/devnet';
import { startDemoStack } from './demoStack.mjs';

const distDir = new URL('../dist', import.meta.url).pathname;
const outDir = new URL('../../../docs/gallery/', import.meta.url).pathname;

const SCREENS = {
  phone: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
};

/** Waits for the modal's animations (entrance, height glide, fades) to end, so a picture shows the settled view. */
async function settle(page) {
  await page.evaluate(() =>
    Promise.all(
      (document.querySelector('latch-modal')?.shadowRoot?.getAnimations() ?? [])
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Activates a control as a visitor would, once the sheet is still (see the layout e2e test for why not a click). */
async function press(page, locator) {
  await settle(page);
  await locator.evaluate((el) => el.click());
}

/** The tour: each step brings a view on screen and names its picture. */
async function tour(page, { stack, theme, screen, shoot }) {
  const modal = page.getByRole('dialog');
  await page.goto(`${stack.url}/?theme=${theme}`);
  await press(page, page.getByTestId('latch-connect-button'));
  await modal.getByTestId('latch-wallet-list').waitFor();
  await shoot('connect');

  await press(page, modal.getByRole('button', { name: /All Wallets/ }));
  await modal.getByTestId('latch-all-wallets').waitFor();
  await shoot('all-wallets');
  await press(page, modal.getByRole('button', { name: 'Back' }));

  await press(page, modal.getByTestId('latch-wallet-list').getByRole('button', { name: /^WalletConnect/ }));
  await modal.getByRole('img', { name: /QR code to connect with WalletConnect/ }).waitFor();
  await shoot('walletconnect');
  await press(page, modal.getByRole('button', { name: 'Back' }));

  // The test wallet the page offers (added before the page's scripts: see the init script below).
  await press(page, modal.getByTestId('latch-wallet-list').getByRole('button', { name: /^Latch Test Wallet/ }));
  await modal.waitFor({ state: 'hidden' });
  await press(page, page.getByTestId('latch-account-button'));
  await modal.getByTestId('latch-tokens').waitFor();
  await shoot('account');

  await press(page, modal.getByRole('button', { name: /change network$/ }));
  await modal.getByTestId('latch-networks').waitFor();
  await shoot('networks');
  await press(page, modal.getByRole('button', { name: 'Back' }));

  await press(page, modal.getByTestId('latch-feature-WalletReceive'));
  await modal.getByTestId('latch-receive').waitFor();
  await shoot('receive');
  await press(page, modal.getByRole('button', { name: 'Back' }));

  await press(page, modal.getByTestId('latch-feature-WalletSend'));
  await modal.getByRole('textbox', { name: /^Amount/ }).fill('0.25');
  await modal.getByRole('textbox', { name: 'To' }).fill(stack.main.accounts[3].address);
  await shoot('send');
  await press(page, modal.getByTestId('latch-send-review'));
  await modal.getByTestId('latch-send-fee').filter({ hasText: /ETH$/ }).waitFor();
  await shoot('send-review');
  await press(page, modal.getByTestId('latch-send-confirm'));
  await modal.locator('[data-testid="latch-send-result"][data-status="confirmed"]').waitFor();
  await shoot('send-result');
  await press(page, modal.getByRole('button', { name: 'Done' }));

  await press(page, modal.getByTestId('latch-feature-Swap'));
  await modal.getByTestId('latch-Swap').locator('form, .swap').first().waitFor();
  await shoot('swap');
  await press(page, modal.getByRole('button', { name: 'Back' }));

  await press(page, modal.getByTestId('latch-feature-BuyCrypto'));
  await modal.getByTestId('latch-BuyCrypto').waitFor();
  await shoot('buy');
  await press(page, modal.getByRole('button', { name: 'Back' }));

  await press(page, modal.getByTestId('latch-feature-RegisterAccountName'));
  await modal.getByRole('textbox').first().waitFor();
  await shoot('register-name');
  await press(page, modal.getByRole('button', { name: 'Back' }));

  await press(page, modal.getByRole('button', { name: 'Disconnect', exact: true }));
  await modal.waitFor({ state: 'hidden' });

  // E-mail: the code from the local inbox, then the recovery step of a new wallet.
  await press(page, page.getByTestId('latch-connect-button'));
  const email = `gallery-${screen}-${theme}@example.com`;
  const after = stack.inbox.messages.length;
  await modal.getByRole('textbox', { name: 'Email' }).fill(email);
  await modal.getByRole('textbox', { name: 'Email' }).press('Enter');
  const code = codeOf(await stack.inbox.waitFor({ to: email }, { after }));
  await modal.getByRole('textbox', { name: 'Code' }).waitFor();
  await shoot('confirm-email');
  await modal.getByRole('textbox', { name: 'Code' }).fill(code);
  const recovery = page.frameLocator('[data-testid="latch-embedded-recovery-frame"]');
  await recovery.locator('#secret').filter({ hasText: /\S/ }).waitFor();
  await shoot('recovery');
  await recovery.getByLabel('I have saved my recovery secret').check();
  await recovery.getByRole('button', { name: 'I have saved it' }).click();
  await modal.waitFor({ state: 'hidden' });

  // A signature through the embedded wallet: its own approval page, inside the modal.
  await page.getByRole('button', { name: /^Sign with wallet/ }).click();
  const approval = page.frameLocator('[data-testid="latch-embedded-approve-frame"]');
  await approval.getByRole('button', { name: 'Approve' }).waitFor();
  await shoot('approve');
  await approval.getByRole('button', { name: 'Reject' }).click();
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const stack = await startDemoStack({ distDir, port: 0, fixedPorts: false });
// Debian's full Chromium, the browser the screenshots have always been taken in.
const browser = await launchChromium({ executablePath: chromiumExecutable() });
let failed = false;
try {
  for (const [screen, device] of Object.entries(SCREENS)) {
    for (const theme of ['dark', 'light']) {
      const context = await browser.newContext({ ...device, reducedMotion: 'reduce' });
      // The page's test wallets (eip155): added as a visitor's "Add a test Ethereum wallet" does.
      await context.addInitScript(() => sessionStorage.setItem('latch-demo-test-wallets', '["eip155"]'));
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const shoot = async (view) => {
        await settle(page);
        const path = `${outDir}${view}-${theme}-${screen}.png`;
        // The phone shows the sheet on the page; the laptop, the dialog itself.
        if (screen === 'phone') await page.screenshot({ path });
        else await page.getByRole('dialog').screenshot({ path });
      };
      try {
        await tour(page, { stack, theme, screen, shoot });
      } catch (error) {
        failed = true;
        console.error(`[gallery] ${screen} ${theme}: ${error instanceof Error ? error.message : error}`);
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}
console.log(`[gallery] ${readdirSync(outDir).length} screenshots in docs/gallery/`);
process.exit(failed ? 1 : 0);
