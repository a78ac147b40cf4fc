// Issue 16, on-ramp: Buy opens the provider's widget in a popup with the account's address and the
// provider's real query; the loopback stand-in plays the provider and pays the address on anvil.
// Issue 24: Coinbase's widget needs a one-time session token, made when the visitor clicks Continue by
// the demo server's route (the reference handler) from the stand-in's Coinbase token endpoint.
import type { Page } from '@playwright/test';
import { dialog, expect, openConnect, test } from './fixtures.js';
import { audit, rpc, WALLET_NAME } from './helpers.js';
import { connectWallet } from './namespaceFlows.js';
import { WEI_PER_FIAT_UNIT } from '@latch/devnet/services';
import { checkLayout } from './layout.js';

/** Anvil account 7: used by no other spec, so its balance is this spec's to watch. */
const BUYER = 7;

async function openBuy(page: Page) {
  await connectWallet(page, WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Buy' }).click();
  await expect(dialog(page).getByTestId('latch-BuyCrypto')).toBeVisible();
  await checkLayout(page, 'Buy');
}

const balanceOf = async (rpcUrl: string, address: string) => BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']));

test.describe('outside the restricted time zones', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  for (const provider of ['Coinbase', 'Meld'] as const) {
    test(`${provider}: the popup carries the address and amount; the stand-in's payment arrives on anvil`, async ({
      page,
      onrampDemo,
      chains,
      installWallet,
    }) => {
      await installWallet(page, { accountIndex: BUYER });
      const tokensAtLoad = onrampDemo.standIn.tokenRequests.length;
      await page.goto(onrampDemo.url);
      await openBuy(page);
      const address = chains.main.accounts[BUYER]!.address;
      const before = await balanceOf(chains.main.rpcUrl, address);
      const modal = dialog(page);
      await modal.getByRole('radio', { name: new RegExp(provider) }).check();
      // The local devnet has no §9 on-ramp chain name: ethereum, the fallback.
      await expect(modal.getByLabel('Network', { exact: true })).toHaveValue('ethereum');
      await modal.getByLabel('Amount (USD)').fill('25');
      await audit(page, `Buy (${provider})`);
      const tokensBefore = onrampDemo.standIn.tokenRequests.length;
      expect(tokensBefore).toBe(tokensAtLoad); // opening Buy and typing asked for no token
      const popupPromise = page.waitForEvent('popup');
      await modal.getByRole('button', { name: `Continue to ${provider}` }).click();
      const popup = await popupPromise;
      await expect(popup.getByRole('heading', { name: 'Purchase sent' })).toBeVisible();
      const query = Object.fromEntries(new URL(popup.url()).searchParams);
      if (provider === 'Coinbase') {
        expect(new URL(popup.url()).pathname).toBe('/coinbase/buy');
        // One token request, made after the click, signed with the CDP key, for this address and the visitor's IP.
        const made = onrampDemo.standIn.tokenRequests.slice(tokensBefore);
        expect(made).toEqual([
          {
            status: 200,
            apiKeyId: expect.any(String),
            token: expect.any(String),
            body: { addresses: [{ address, blockchains: ['ethereum'] }], assets: ['ETH'], clientIp: '127.0.0.1' },
          },
        ]);
        // The address travels in the token, not in the URL.
        expect(query).toEqual({
          sessionToken: made[0]?.token,
          defaultNetwork: 'ethereum',
          defaultAsset: 'ETH',
          presetFiatAmount: '25',
          fiatCurrency: 'USD',
        });
      } else {
        expect(query).toEqual({
          publicKey: 'latch-demo',
          walletAddress: address,
          destinationCurrencyCode: 'ETH',
          sourceAmount: '25',
          sourceCurrencyCode: 'USD',
        });
      }
      expect(onrampDemo.standIn.requests.at(-1)?.query).toEqual(query);
      await expect(modal.getByText(`Finish your purchase in the ${provider} window.`)).toBeVisible();
      await expect.poll(() => balanceOf(chains.main.rpcUrl, address)).toBe(before + 25n * WEI_PER_FIAT_UNIT);
      await popup.close();
    });
  }

  test('a blocked popup says so and links to the same widget URL', async ({ page, onrampDemo, installWallet }) => {
    await installWallet(page, { accountIndex: BUYER });
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(onrampDemo.url);
    await openBuy(page);
    const modal = dialog(page);
    await modal.getByLabel('Amount (USD)').fill('10');
    const requestsBefore = onrampDemo.standIn.requests.length;
    const tokensBefore = onrampDemo.standIn.tokenRequests.length;
    await modal.getByLabel('Amount (USD)').press('Enter');
    const alert = modal.getByRole('alert').filter({ hasText: 'Your browser blocked the Coinbase window.' });
    await expect(alert).toBeVisible();
    const href = await alert.getByRole('link', { name: 'Open Coinbase' }).getAttribute('href');
    expect(new URL(href ?? '').searchParams.get('presetFiatAmount')).toBe('10');
    // The link carries the session token made for this click; the widget itself was not contacted.
    expect(onrampDemo.standIn.tokenRequests.length).toBe(tokensBefore + 1);
    expect(new URL(href ?? '').searchParams.get('sessionToken')).toBe(onrampDemo.standIn.tokenRequests.at(-1)?.token);
    expect(onrampDemo.standIn.requests.length).toBe(requestsBefore);
    await audit(page, 'Buy (popup blocked)');
  });
});

test.describe('in a restricted time zone', () => {
  test.use({ timezoneId: 'Asia/Shanghai' });

  test('the Account view offers no Buy', async ({ page, onrampDemo, installWallet }) => {
    await installWallet(page, { accountIndex: BUYER });
    await page.goto(onrampDemo.url);
    await openConnect(page);
    await dialog(page)
      .getByRole('button', { name: new RegExp(WALLET_NAME) })
      .click();
    await expect(dialog(page)).toBeHidden();
    await page.getByTestId('latch-account-button').click();
    await expect(dialog(page).getByRole('button', { name: 'Receive' })).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Buy' })).toHaveCount(0);
  });
});
