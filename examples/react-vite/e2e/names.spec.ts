// Issue 16, names: register a name for the connected account (the mock wallet signs the §7 message
// with its real key, the reference name service verifies it), see it in the Account view, send to it
// on anvil, resolve an ENS name deployed from npm artifacts; taken, invalid and forged → §8 texts.
import { createRegistrationMessage } from '@latch/feature-names/protocol';
import { MOCK_WALLET_INFO } from '@latch/testkit';
import type { Page } from '@playwright/test';
import { privateKeyToAccount } from 'viem/accounts';
import { dialog, expect, NAMES_SUFFIX, test } from './fixtures.js';
import {
  audit,
  focusedInModal,
  refuseChunk,
  retryUntilServed,
  rpc,
  setWalletFailure,
  WALLET_NAME,
  watchForeignRequests,
} from './helpers.js';
import { connectWallet } from './namespaceFlows.js';
import { checkLayout } from './layout.js';

/** Anvil accounts 5 and 6: used by no other spec. 5 registers names, 6 sends to them. */
const REGISTRANT = 5;
const SENDER = 6;
/** §7: the coin type of chain 31337 (top bit set). */
const COIN_TYPE = 0x80000000 + 31337;

const ethBalance = async (rpcUrl: string, address: string) => BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']));

async function openRegister(page: Page) {
  await connectWallet(page, WALLET_NAME);
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Register a name' }).click();
  await expect(dialog(page).getByTestId('latch-RegisterAccountName')).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName('Choose a Name');
  await checkLayout(page, 'Choose a Name');
}

/** A registration signed by an anvil key, posted straight to the service (as another visitor's page would). */
async function postRegistration(serviceUrl: string, origin: string, privateKey: `0x${string}`, name: string, sign = privateKey) {
  const account = privateKeyToAccount(privateKey);
  const message = createRegistrationMessage({ name, coinType: COIN_TYPE, serviceUrl }, Date.now());
  const signature = await privateKeyToAccount(sign).signMessage({ message });
  const response = await fetch(`${serviceUrl}/v1/names`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ coinType: COIN_TYPE, address: account.address, signature, message }),
  });
  return { status: response.status, body: (await response.json()) as { reasons?: { description: string }[] } };
}

test('register a name by keyboard; the Account view shows it, Send resolves it and ENS, and the ETH arrives on anvil', async ({
  page,
  browser,
  namesDemo,
  chains,
  installWallet,
}) => {
  const foreign = watchForeignRequests(page);
  const toService: string[] = [];
  page.on('request', (request) => request.url().startsWith(namesDemo.names.url) && toService.push(request.url()));
  const registrant = chains.main.accounts[REGISTRANT]!.address;
  await installWallet(page, { accountIndex: REGISTRANT });
  await page.goto(namesDemo.url);
  await expect(page.getByTestId('latch-connect-button')).toBeVisible();
  expect(toService).toEqual([]); // nothing is asked before the visitor acts
  await openRegister(page);
  // Connected: the account's own name is looked up (§7 reverse lookup), nothing else until the visitor types.
  expect(toService).toEqual([`${namesDemo.names.url}/v1/addresses/${registrant}/names`]);
  const modal = dialog(page);
  await audit(page, 'RegisterAccountName');

  const input = modal.getByRole('textbox', { name: 'Name' });
  await input.fill('abc');
  await input.press('Enter');
  await expect(modal.getByTestId('latch-name-problem')).toHaveText('A name must be at least 4 characters');
  await input.fill('my name');
  await expect(modal.getByTestId('latch-name-problem')).toHaveText('A name may contain only letters, digits and hyphens');
  await audit(page, 'RegisterAccountName (invalid)');

  await input.fill('satoshi');
  await expect(modal.getByTestId('latch-name-available')).toHaveText(`satoshi.${NAMES_SUFFIX} is available`);
  await expect(modal.getByRole('button', { name: `satoshi1.${NAMES_SUFFIX}` })).toBeVisible();
  await audit(page, 'RegisterAccountName (suggestions)');
  // Keyboard: Tab to the first suggestion, Enter takes it and returns to the field, Enter registers.
  await page.keyboard.press('Tab');
  expect(await focusedInModal(page)).toBe(`|satoshi1.${NAMES_SUFFIX}`);
  await page.keyboard.press('Enter');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('satoshi1');
  const name = `satoshi1.${NAMES_SUFFIX}`;
  await expect(modal.getByTestId('latch-name-available')).toHaveText(`${name} is available`);
  await page.keyboard.press('Enter');

  await expect(modal.getByTestId('latch-RegisterAccountNameSuccess')).toBeVisible();
  await expect(modal).toHaveAccessibleName('Name Registered');
  await expect(modal.getByTestId('latch-registered-name')).toHaveText(name);
  await audit(page, 'RegisterAccountNameSuccess');
  // The service verified the wallet's signature and holds the name for its address.
  const record = (await (await fetch(`${namesDemo.names.url}/v1/names/${name}`)).json()) as {
    addresses: Record<string, { address: string }>;
  };
  expect(record.addresses[String(COIN_TYPE)]?.address).toBe(registrant);
  await page.keyboard.press('Enter'); // "Back to account" has the focus
  await expect(modal.getByTestId('latch-account-name')).toHaveText(name);

  // Another visitor (account 6, its own browser context) sends 0.25 ETH to the name.
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    const otherForeign = watchForeignRequests(other);
    await installWallet(other, { accountIndex: SENDER });
    await other.goto(namesDemo.url);
    await connectWallet(other, WALLET_NAME);
    await other.getByTestId('latch-account-button').click();
    const send = dialog(other);
    await send.getByTestId('latch-feature-WalletSend').click();
    const to = send.getByRole('textbox', { name: 'To', exact: true });
    // ENS on anvil (registry, resolver, FIFS registrar from npm artifacts), asked before the name service.
    await to.fill(`friend.${namesDemo.ens.tld}`);
    await expect(send.getByText(`friend.${namesDemo.ens.tld} → ${chains.main.accounts[8]!.address}`)).toBeVisible();
    await to.fill(name);
    await expect(send.getByText(`${name} → ${registrant}`)).toBeVisible();
    await send.getByLabel(/^Amount/).fill('0.25');
    await audit(other, 'WalletSend to a registered name');
    const before = await ethBalance(chains.main.rpcUrl, registrant);
    await send.getByTestId('latch-send-review').click();
    await expect(send.getByTestId('latch-send-to')).toHaveAttribute('title', registrant);
    await send.getByTestId('latch-send-confirm').click();
    await expect(send.getByTestId('latch-send-result')).toHaveAttribute('data-status', 'confirmed');
    expect(await ethBalance(chains.main.rpcUrl, registrant)).toBe(before + 250_000_000_000_000_000n);
    expect(otherForeign).toEqual([]);
  } finally {
    await context.close();
  }
  expect(foreign).toEqual([]);
});

test('a name taken meanwhile, a declined signature, a forged signature and invalid names are refused with their reasons', async ({
  page,
  namesDemo,
  chains,
  installWallet,
}) => {
  const foreign = watchForeignRequests(page);
  await installWallet(page, { accountIndex: REGISTRANT });
  await page.goto(namesDemo.url);
  await openRegister(page);
  const modal = dialog(page);
  const input = modal.getByRole('textbox', { name: 'Name' });
  const origin = new URL(namesDemo.url).origin;

  // The visitor declines to sign: §8 'Signature declined', still on the form.
  await input.fill('nakamoto');
  await expect(modal.getByTestId('latch-name-available')).toBeVisible();
  await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectSign', true);
  await modal.getByRole('button', { name: 'Register name' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Signature declined');
  await setWalletFailure(page, MOCK_WALLET_INFO.rdns, 'rejectSign', false);

  // Someone else registers the name between the availability check and the visitor's signature.
  const taken = await postRegistration(namesDemo.names.url, origin, chains.main.accounts[9]!.privateKey, `nakamoto.${NAMES_SUFFIX}`);
  expect(taken.status).toBe(201);
  await modal.getByRole('button', { name: 'Register name' }).click();
  // §8: the service's first reason; §4: back on RegisterAccountName.
  await expect(modal.getByRole('alert')).toHaveText(`Name nakamoto.${NAMES_SUFFIX} is already taken`);
  await expect(modal.getByTestId('latch-RegisterAccountName')).toBeVisible();
  await audit(page, 'RegisterAccountName (refused)');
  // Typed again, the name now shows as taken before any signature is asked.
  await input.fill('nakamot');
  await input.fill('nakamoto');
  await expect(modal.getByTestId('latch-name-problem')).toHaveText(`nakamoto.${NAMES_SUFFIX} is already taken`);

  // A forged signature (account 9 signs for account 5's address) and §5-invalid names, straight to the service.
  const registrantKey = chains.main.accounts[REGISTRANT]!.privateKey;
  const forged = await postRegistration(
    namesDemo.names.url,
    origin,
    registrantKey,
    `forged.${NAMES_SUFFIX}`,
    chains.main.accounts[9]!.privateKey,
  );
  expect(forged).toEqual({ status: 401, body: { reasons: [{ description: 'The signature does not match the address' }] } });
  const short = await postRegistration(namesDemo.names.url, origin, registrantKey, `abc.${NAMES_SUFFIX}`);
  expect(short).toEqual({ status: 400, body: { reasons: [{ description: 'A name must be at least 4 characters' }] } });
  const symbols = await postRegistration(namesDemo.names.url, origin, registrantKey, `a_b_c.${NAMES_SUFFIX}`);
  expect(symbols.body.reasons?.[0]?.description).toBe('A name may contain only letters, digits and hyphens');
  // None of them was stored.
  for (const refused of ['forged', 'abc', 'a_b_c']) {
    expect((await fetch(`${namesDemo.names.url}/v1/names/${refused}.${NAMES_SUFFIX}`)).status).toBe(404);
  }
  expect(foreign).toEqual([]);
});

test("the name service client's code cannot be fetched: the check says so, and the next name typed is checked once the server answers", async ({
  page,
  namesDemo,
  installWallet,
}) => {
  await installWallet(page);
  const code = await refuseChunk(page, 'nameServiceClient');
  await page.goto(namesDemo.url);
  await openRegister(page);
  const modal = dialog(page);
  const input = modal.getByRole('textbox', { name: 'Name' });
  await input.fill('unchecked');
  await expect(modal.getByText('Error resolving name', { exact: true })).toBeVisible();
  expect(code.refused.length).toBeGreaterThan(0);

  // The next name while refused fails again; once the server answers, the next one fetches the code anew and is checked
  // with the service.
  await retryUntilServed(code, {
    retry: () => input.fill('unchecked2'),
    stillFailed: () => expect(modal.getByText('Error resolving name', { exact: true })).toBeVisible(),
    retryAfterLift: () => input.fill('unchecked3'),
  });
  await expect(modal.getByTestId('latch-name-available')).toHaveText(`unchecked3.${NAMES_SUFFIX} is available`);
});
