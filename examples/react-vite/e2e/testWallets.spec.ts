// The demo's "try with a test wallet": a visitor with no browser wallet adds the testkit's mock wallet of each
// namespace from the page, connects it through the modal's extension path, and finds it funded on the local chains.
import { truncateAddress } from '@latch/kernel';
import { demoTestWallets } from '../scripts/testWallets.mjs';
import { serveDemo } from '../scripts/demoServer.mjs';
import { dialog, DIST_DIR, expect, test } from './fixtures.js';
import { expectedBalanceText } from './helpers.js';
import { connectWallet, sendNative } from './namespaceFlows.js';
import * as namespaces from './namespaceWallets.js';

test('a visitor adds a test wallet per namespace from the page, connects each and finds it funded on every local chain', async ({
  page,
  chains,
  solana,
  polkadot,
  bitcoin,
  cosmos,
}) => {
  test.setTimeout(150_000); // five chains, five wallets, one send
  const local = [
    { chainId: 31337, rpcUrl: chains.main.rpcUrl, name: 'Local Devnet' },
    { chainId: 31338, rpcUrl: chains.second.rpcUrl, name: 'Local Devnet 2' },
  ];
  // Anvil dev account 5: no other spec's wallet, funded on both anvil chains from genesis.
  const account = chains.main.accounts[5]!;
  const testWallets = await demoTestWallets({ evm: { account, chains: local }, solana, polkadot, bitcoin, cosmos });
  const server = await serveDemo({
    distDir: DIST_DIR,
    testWallets,
    config: {
      chains: local,
      solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
      ...namespaces.polkadotDemoConfig(polkadot),
      ...namespaces.bitcoinDemoConfig(bitcoin),
      ...namespaces.cosmosDemoConfig(cosmos),
    },
  });
  try {
    const scripts: string[] = [];
    page.on('request', (request) => void (new URL(request.url()).pathname.startsWith('/test-wallets/') && scripts.push(request.url())));
    await page.goto(server.url);
    const card = page.getByTestId('demo-test-wallets');
    await expect(card.getByRole('heading', { name: 'Try with a test wallet' })).toBeVisible();
    // Clearly labelled, and nothing is added (no script asked for) before the visitor asks.
    await expect(card).toContainText('never send it anything of value');
    expect(scripts).toEqual([]);

    for (const namespace of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) {
      const add = card.getByTestId(`demo-test-wallet-${namespace}`);
      await Promise.all([page.waitForEvent('load'), add.click()]);
      await expect(card.getByTestId(`demo-test-wallet-${namespace}`)).toHaveAttribute('aria-pressed', 'true');
    }
    expect(new Set(scripts.map((url) => new URL(url).pathname)).size).toBe(5);

    const expected = [
      { namespace: 'eip155', balance: await expectedBalanceText(chains.main.rpcUrl, account.address) },
      { namespace: 'solana', balance: '5.000 SOL' },
      { namespace: 'polkadot', balance: '100.000 ROC' },
      { namespace: 'bip122', balance: '1.000 BTC' },
      { namespace: 'cosmos', balance: '10.000 STAKE' },
    ];
    for (const { namespace, balance } of expected) {
      const wallet = testWallets[namespace]!;
      await connectWallet(page, wallet.name);
      await expect(page.getByTestId('demo-address')).toHaveText(wallet.address);
      await expect(page.getByTestId('demo-balance')).toHaveText(balance);
    }

    // Funded on the second anvil chain too.
    await page.getByTestId('latch-account-button').click();
    await dialog(page).getByTestId('latch-namespace-eip155').click();
    await dialog(page)
      .getByRole('button', { name: /change network$/ })
      .click();
    await dialog(page)
      .getByRole('button', { name: /Local Devnet 2/ })
      .click();
    await expect(page.getByTestId('demo-network')).toHaveText('Local Devnet 2');
    await expect(page.getByTestId('demo-balance')).toHaveText(await expectedBalanceText(chains.second.rpcUrl, account.address));

    // Send can be tried: the Cosmos test wallet sends to itself, and the chain takes it.
    await expect(dialog(page).getByTestId('latch-account')).toBeVisible();
    await dialog(page).getByTestId('latch-namespace-cosmos').click();
    await expect(dialog(page).getByTestId('latch-account-name')).toHaveText(truncateAddress(testWallets.cosmos!.address));
    expect(await sendNative(page, { amount: '1.5', to: testWallets.cosmos!.address, symbol: 'STAKE' })).toMatch(/submitted|confirmed/);
  } finally {
    await server.close();
  }
});
