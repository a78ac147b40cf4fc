import { startEmbeddedWalletService } from '@latch/embedded-wallet-service';
import { createHash, randomBytes } from 'node:crypto';
import { codeOf, type SmtpInbox, startAnvil, startSmtpInbox } from '@latch/devnet';
import { createFarcasterSigner, deployFarcasterIdRegistry, type FarcasterSigner, startFarcasterRelay } from '@latch/devnet/farcaster';
import { type OidcProviderFixture, startOidcProvider } from '@latch/devnet/oidc';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { serveDemo } from '../scripts/demoServer.mjs';
import {
  approvalFrame,
  approveInWallet,
  FRAME_DIR,
  PROJECT,
  SECRET,
  type NewDatabase,
  type StackRpcs,
  freePort,
  saveRecoverySecret,
  withStack,
} from './embeddedStack.js';
import { dialog, DIST_DIR, expect, openConnect } from './fixtures.js';
import { activateNamespace } from './namespaceFlows.js';
import { audit, auditFrame } from './helpers.js';

const PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook'] as const;
/** §9 order of the "More" list: farcaster sits between discord and github. */
const ALL_NAMES = ['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'].map((name) => `Continue with ${name}`);
const FID = 4242;

interface Stack {
  url: string;
  serviceUrl: string;
  inbox: SmtpInbox;
  oidc: OidcProviderFixture;
  signer: FarcasterSigner;
  /** Origins the page (and its popups) may reach: the demo, the service, the provider stand-in, the RPCs. */
  origins: string[];
  close(): Promise<void>;
}

/** The stand-ins, the service configured with every provider and Farcaster, and the demo; always stopped. */
async function startStack(rpcs: StackRpcs, newDatabase: NewDatabase): Promise<Stack> {
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const inbox = await startSmtpInbox();
    stops.push(() => inbox.close());
    // Farcaster: its Id Registry on a chain of its own (OP mainnet's id), the relay, a signer with a real custody key.
    const optimism = await startAnvil({ chainId: 10, deploy: false });
    stops.push(() => optimism.stop());
    const custodyKey = generatePrivateKey();
    await deployFarcasterIdRegistry(optimism, { [FID]: privateKeyToAccount(custodyKey).address });
    const relay = await startFarcasterRelay({ rpcUrl: optimism.rpcUrl });
    stops.push(() => relay.close());
    const farcasterSigner = createFarcasterSigner({ relayUrl: relay.url, fid: FID, username: 'alice', custodyPrivateKey: custodyKey });

    // The service's port first: each provider's app at the stand-in names its callback there.
    const servicePort = await freePort();
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    const oidc = await startOidcProvider({
      clients: PROVIDERS.map((provider) => ({
        clientId: `${provider}-app`,
        clientSecret: `${provider}-secret`,
        redirectUris: [`${serviceUrl}/api/auth/callback/${provider}`],
        ...(provider === 'x' ? { tokenEndpointAuthMethod: 'client_secret_basic' as const } : {}),
      })),
      accounts: [
        { sub: 'ada-gh', email: 'ada@example.com', email_verified: true, name: 'Ada', login: 'ada' },
        { sub: 'grace-google', email: 'grace@example.com', email_verified: true, name: 'Grace' },
        { sub: 'linus-google', email: 'linus@example.com', email_verified: true, name: 'Linus' },
        { sub: 'hedy-google', email: 'hedy.lamarr@example.net', email_verified: true, name: 'Hedy' },
      ],
    });
    stops.push(() => oidc.close());
    const oauth2 = (provider: 'x' | 'discord' | 'github' | 'facebook') => ({
      clientId: `${provider}-app`,
      clientSecret: `${provider}-secret`,
      authorizationUrl: oidc.authorizationUrl,
      tokenUrl: oidc.tokenUrl,
      userInfoUrl: oidc.vendorUserUrl(provider),
    });
    const demoPort = await freePort();
    // Apple's discovery document is on a port nothing listens on: its sign-in cannot start (§8 initialisation error).
    const deadPort = await freePort();
    const service = await startEmbeddedWalletService({
      port: servicePort,
      database: await newDatabase(),
      projects: [{ id: PROJECT, allowedOrigins: [`http://127.0.0.1:${demoPort}`] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'wallet@latch.test' },
      secret: SECRET,
      frameDir: FRAME_DIR,
      socials: {
        google: { clientId: 'google-app', clientSecret: 'google-secret', discoveryUrl: oidc.discoveryUrl },
        apple: {
          clientId: 'apple-app',
          clientSecret: 'apple-secret',
          discoveryUrl: `http://127.0.0.1:${deadPort}/.well-known/openid-configuration`,
        },
        x: oauth2('x'),
        discord: oauth2('discord'),
        github: oauth2('github'),
        facebook: oauth2('facebook'),
      },
      farcaster: { relayUrl: relay.url, rpcUrl: optimism.rpcUrl },
      // The sign-in methods test confirms twice within a minute (two sessions); the 30 s rule is the service's unit tests'.
      rateLimits: { stepUpCodesPerUser: [{ max: 5, windowMs: 3_600_000 }] },
    });
    stops.push(() => service.close());
    const demo = await serveDemo({
      distDir: DIST_DIR,
      port: demoPort,
      config: {
        chains: [{ chainId: 31337, rpcUrl: rpcs.evm, name: 'Local Devnet' }],
        solana: { rpcUrl: rpcs.solana, caipNetworkId: rpcs.caipNetworkId },
        embedded: { serviceUrl: service.url, projectId: PROJECT },
      },
    });
    stops.push(() => demo.close());
    return {
      url: demo.url,
      serviceUrl: service.url,
      inbox,
      oidc,
      signer: farcasterSigner,
      origins: [demo.url, service.url, oidc.issuer, new URL(rpcs.evm).origin, new URL(rpcs.solana).origin],
      close: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}

const socialTest = withStack(startStack);

/** Every request of the page and its popups to an origin outside the configured ones. */
function watchForeign(context: BrowserContext, allowed: string[]): string[] {
  const foreign: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && !allowed.includes(url.origin)) foreign.push(request.url());
  });
  return foreign;
}

const socials = (page: Page) => dialog(page).getByTestId('latch-embedded-socials');
const socialView = (page: Page) => dialog(page).getByTestId('latch-embedded-social');

/** Picks a provider (a click opens the popup), signs in at the stand-in's page as `account` unless its session is still on. */
async function signInWithPopup(page: Page, button: Locator, account: string, options: { audit?: string } = {}) {
  const opened = page.waitForEvent('popup');
  await button.click();
  const popup = await opened;
  // Listened for at once: a provider session still on closes the window quickly, maybe before the checks below end.
  const closed = new Promise<void>((resolve) => (popup.isClosed() ? resolve() : popup.once('close', () => resolve())));
  await expect(socialView(page)).toHaveAttribute('data-state', 'waiting');
  await expect(socialView(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
  if (options.audit) await audit(page, options.audit);
  const field = popup.getByLabel('Account');
  if ((await Promise.race([closed.then(() => 'closed'), field.waitFor().then(() => 'login')])) === 'login') {
    await field.fill(account);
    await popup.getByRole('button', { name: 'Sign in' }).click();
  }
  await closed;
}

/** A new wallet: the visitor saves the recovery secret, and the page is connected. */
async function saveSecretAndConnect(page: Page) {
  await saveRecoverySecret(page);
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
}

/** A new account by e-mail: the page, the code from the inbox, the recovery secret saved; connected. */
async function signUpByEmail(page: Page, stack: Stack, email: string) {
  await page.goto(stack.url);
  await openConnect(page);
  const after = stack.inbox.messages.length;
  const field = dialog(page).getByRole('textbox', { name: 'Email' });
  await field.fill(email);
  await field.press('Enter');
  await dialog(page)
    .getByRole('textbox', { name: 'Code' })
    .fill(codeOf(await stack.inbox.waitFor({ to: email }, { after })) as string);
  await saveSecretAndConnect(page);
}

async function evmAddress(page: Page): Promise<`0x${string}`> {
  await activateNamespace(page, 'eip155');
  return ((await page.getByTestId('demo-address').textContent()) ?? '') as `0x${string}`;
}

/** Signs `message` on eip155 through ApproveTransaction and checks the signature recovers `address`. */
async function expectSignature(page: Page, address: `0x${string}`, message: string) {
  await page.locator('#demo-message').fill(message);
  await page.getByRole('button', { name: /^Sign with wallet \(eip155\)/ }).click();
  await expect(approvalFrame(page).locator('#text')).toHaveText(message);
  await approveInWallet(page);
  const signature = page.getByTestId('demo-signature');
  await expect(signature).not.toHaveText('');
  await expect(signature).not.toHaveAttribute('role', 'alert');
  const text = ((await signature.textContent()) ?? '') as `0x${string}`;
  expect(await verifyMessage({ address, message, signature: text })).toBe(true);
}

async function signOut(page: Page) {
  await page.getByTestId('latch-account-button').click();
  await dialog(page).getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
}

socialTest(
  'popup sign-in through the stand-in: wallet created, a signature verifies, reload restores, sign out, sign in again to the same address',
  async ({ page, stack }) => {
    const foreign = watchForeign(page.context(), stack.origins);
    await page.goto(stack.url);
    await openConnect(page);
    // §2 collapse with seven providers: the first full width, three icons, "More".
    await expect(socials(page).getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    const shown = await socials(page)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent));
    expect(shown).toEqual([...ALL_NAMES.slice(0, 4), 'More sign-in options']);
    await audit(page, 'Connect view with the social buttons');

    // "More" from the keyboard: the list of all seven, focus on the first.
    await socials(page).getByRole('button', { name: 'More sign-in options' }).focus();
    await page.keyboard.press('Enter');
    const list = dialog(page).getByTestId('latch-embedded-socials-list');
    await expect(list.getByRole('button')).toHaveText(ALL_NAMES);
    await expect(list.getByRole('button').first()).toBeFocused();
    await audit(page, 'Sign-in options view');

    await signInWithPopup(page, list.getByRole('button', { name: 'Continue with GitHub' }), 'ada-gh', {
      audit: 'Continue in the sign-in window view',
    });
    await saveSecretAndConnect(page);
    const address = await evmAddress(page);
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expectSignature(page, address, 'Signed in with GitHub');
    // §3 connectedWalletInfo: the wallet is named after the provider the visitor signed in with.
    await expect(page.getByTestId('demo-wallet')).toHaveText('GitHub');

    await page.reload();
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    expect(await evmAddress(page)).toBe(address);

    await signOut(page);
    await page.reload();
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
    await openConnect(page);
    await socials(page).getByRole('button', { name: 'More sign-in options' }).click();
    await signInWithPopup(page, dialog(page).getByRole('button', { name: 'Continue with GitHub' }), 'ada-gh');
    // The same person, this device holds its share: connected at once, the same wallet.
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    expect(await evmAddress(page)).toBe(address);
    await expectSignature(page, address, 'Signed in again');
    expect(foreign).toEqual([]);
  },
);

socialTest('popups blocked: the page itself goes to the provider and back, and the sign-in finishes there', async ({ page, stack }) => {
  const foreign = watchForeign(page.context(), stack.origins);
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto(`${stack.url}/?from=shop`);
  await openConnect(page);
  await socials(page).getByRole('button', { name: 'Continue with Google' }).click();
  // The wallet's own page names the site and waits for the visitor: a link alone starts nothing.
  await page.waitForURL((url) => url.pathname === '/social/start');
  await expect(page.getByText(`${new URL(stack.url).origin} asks you to sign in with Google.`)).toBeVisible();
  await audit(page, 'the redirect sign-in start page');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.origin === stack.oidc.issuer);
  await page.getByLabel('Account').fill('grace-google');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === new URL(stack.url).origin);
  await saveSecretAndConnect(page);
  // §5: the return parameter is read, then removed; the page's own query stays.
  const back = new URL(page.url());
  expect(back.searchParams.has('latch_social')).toBe(false);
  expect(back.searchParams.has('latch_code')).toBe(false);
  expect(back.searchParams.get('from')).toBe('shop');
  const address = await evmAddress(page);
  await expectSignature(page, address, 'Signed in without a popup');
  expect(foreign).toEqual([]);
});

socialTest('a closed sign-in window and a provider error each show their message, with Retry', async ({ page, stack }) => {
  await page.goto(stack.url);
  await openConnect(page);
  const opened = page.waitForEvent('popup');
  await socials(page).getByRole('button', { name: 'Continue with Google' }).click();
  await (await opened).close();
  const error = socialView(page).getByRole('alert');
  await expect(error).toHaveText('The sign-in window was closed before you finished');
  const retry = socialView(page).getByRole('button', { name: 'Retry' });
  await expect(retry).toBeFocused();
  await audit(page, 'Sign-in window closed');

  // Retry opens a new window (from the keyboard); the visitor declines at the provider.
  const again = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const popup = await again;
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(error).toHaveText('Google sign-in failed: you did not allow it');
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');

  // A provider whose sign-in cannot start: the §8 snack, and the modal back at Connect.
  await dialog(page).getByRole('button', { name: 'Back' }).click();
  await socials(page).getByRole('button', { name: 'More sign-in options' }).click();
  const broken = page.waitForEvent('popup');
  await dialog(page).getByRole('button', { name: 'Continue with Apple' }).click();
  // The page closes the window it opened (it may be closed already: waiting for its 'close' event would then hang).
  const brokenWindow = await broken;
  await expect.poll(() => brokenWindow.isClosed()).toBe(true);
  await expect(page.getByTestId('latch-snackbar')).toHaveText('A problem occurred while trying initialize authentication');
  await expect(dialog(page).getByRole('textbox', { name: 'Email' })).toBeVisible();
  await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
});

socialTest(
  "a provider failure reads in plain words: better-auth's internal code and an unknown code are never shown",
  async ({ page, stack }) => {
    await page.goto(stack.url);
    await openConnect(page);
    const error = socialView(page).getByRole('alert');
    const fail = async (button: Locator, failure: { error: string; error_description?: string }) => {
      stack.oidc.failNext(failure);
      const opened = page.waitForEvent('popup');
      await button.click();
      const popup = await opened;
      await expect.poll(() => popup.isClosed()).toBe(true);
    };
    // What better-auth redirects with when the provider would not give the account's details.
    await fail(socials(page).getByRole('button', { name: 'Continue with Google' }), {
      error: 'unable_to_get_user_info',
      error_description: 'userinfo_endpoint_returned_500',
    });
    await expect(error).toHaveText('Google sign-in failed: Google did not share your account details');
    // A code nobody wrote words for: a sentence, not the code.
    await fail(socialView(page).getByRole('button', { name: 'Retry' }), { error: 'upstream_idp_error_42' });
    await expect(error).toHaveText('Google sign-in failed: something went wrong. Please try again');
    await expect(socialView(page)).not.toContainText('upstream_idp_error_42');
    await expect(page.getByTestId('demo-status')).toHaveText('disconnected');
  },
);

socialTest(
  'features.email: false hides the e-mail field only: the social buttons show on their own and sign in',
  async ({ page, stack }) => {
    await page.goto(new URL('/?email=off', stack.url).href);
    await openConnect(page);
    const section = dialog(page).getByRole('region', { name: 'Social sign-in' });
    await expect(section.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'More sign-in options' })).toBeVisible();
    await expect(dialog(page).getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    const sub = `only-social-${Date.now()}`;
    stack.oidc.addAccount({ sub, email: `${sub}@example.com`, email_verified: true, name: 'Only Social' });
    await signInWithPopup(page, section.getByRole('button', { name: 'Continue with Google' }), sub);
    await saveSecretAndConnect(page);
  },
);

socialTest('an e-mail login and a Google login with the same verified address share one wallet', async ({ page, stack }) => {
  await signUpByEmail(page, stack, 'linus@example.com');
  const address = await evmAddress(page);
  await signOut(page);
  await openConnect(page);
  await signInWithPopup(page, socials(page).getByRole('button', { name: 'Continue with Google' }), 'linus-google');
  await expect(page.getByTestId('demo-status')).toHaveText('connected');
  expect(await evmAddress(page)).toBe(address);
});

socialTest(
  'Farcaster: the QR of a relay request, the test signer approves, connected and a signature verifies; leaving the view cancels',
  async ({ page, stack }) => {
    const foreign = watchForeign(page.context(), stack.origins);
    const deleted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().startsWith(`${stack.serviceUrl}/api/farcaster/channels/`))
        deleted.push(request.url());
    });
    await page.goto(stack.url);
    await openConnect(page);
    await socials(page).getByRole('button', { name: 'Continue with Farcaster' }).click();
    const view = dialog(page).getByTestId('latch-embedded-farcaster');
    const qr = view.getByRole('img', { name: /^QR code to sign in with Farcaster/ });
    await expect(qr).toBeFocused();
    await expect(qr.locator('svg')).toHaveCount(1);
    await expect(view.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await audit(page, 'ConnectingFarcaster view');
    const url = (await qr.getAttribute('data-url')) ?? '';
    expect(url).toMatch(/channelToken=/);
    await stack.signer.approve(url);
    await saveSecretAndConnect(page);
    const address = await evmAddress(page);
    await expectSignature(page, address, 'Signed in with Farcaster');
    expect(deleted).toEqual([]);

    // Leaving the view while not connected: the request is dropped (§2, §9 100 ms).
    await signOut(page);
    await page.reload();
    await openConnect(page);
    await socials(page).getByRole('button', { name: 'Continue with Farcaster' }).click();
    await expect(dialog(page).getByTestId('latch-embedded-farcaster-qr')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => deleted.length).toBe(1);
    expect(foreign).toEqual([]);
  },
);

socialTest(
  "a sign-in link made by someone else starts nothing in the victim's browser, and its maker gets no session",
  async ({ stack, browser }) => {
    // The attacker: a plain HTTP client naming the project's public allowlist and forging the service's own Origin.
    const headers = {
      'content-type': 'application/json',
      origin: stack.serviceUrl,
      'x-latch-project': PROJECT,
      'x-latch-host-origin': new URL(stack.url).origin,
    };
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const created = await fetch(`${stack.serviceUrl}/api/social/intents`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ provider: 'google', challenge }),
    });
    expect(created.status).toBe(201);
    const { intentId, url } = (await created.json()) as { intentId: string; url: string };
    // The victim opens it in their own browser, where they are signed in at the provider already.
    const victim = await browser.newContext();
    try {
      const atProvider: string[] = [];
      victim.on('request', (request) => {
        if (request.url().startsWith(stack.oidc.issuer)) atProvider.push(request.url());
      });
      const tab = await victim.newPage();
      await tab.goto(url);
      await expect(tab.getByText('This sign-in link only works in the window your wallet opened.')).toBeVisible({ timeout: 30_000 });
      expect(atProvider).toEqual([]);
    } finally {
      await victim.close();
    }
    const claim = await fetch(`${stack.serviceUrl}/api/social/intents/${intentId}/claim`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ verifier }),
    });
    expect(claim.status).toBe(202);
  },
);

socialTest(
  "sign-in methods: after a mailed code, add Google from the wallet's own page (the owner is mailed), then remove it",
  async ({ page, stack }) => {
    const email = `hedy-${Date.now()}@example.com`;
    await signUpByEmail(page, stack, email);
    let after: number;

    await page.getByTestId('latch-account-button').click();
    await dialog(page).getByTestId('latch-feature-EmbeddedLogins').click();
    const logins = dialog(page).frameLocator('[data-testid="latch-embedded-logins-frame"]');
    await expect(logins.getByText(/^E-mail: h\*\*\*@example\.com$/)).toBeVisible();
    await expect(logins.getByRole('button', { name: /^Add / })).toHaveCount(0);
    await auditFrame(page, '/frame/logins', 'the sign-in methods page');

    // The owner proves it is them with a code mailed to their address.
    after = stack.inbox.messages.length;
    await logins.getByRole('button', { name: /^Send a code to h\*\*\*@example\.com$/ }).click();
    const confirmation = await stack.inbox.waitFor({ to: email }, { after });
    expect(confirmation.subject).toMatch(/confirmation code$/);
    await logins.getByLabel('Confirmation code').fill(codeOf(confirmation) as string);
    await logins.getByLabel('Confirmation code').press('Enter');

    // A Google account with another e-mail: refused until the owner says so, then added in a popup from the wallet's page.
    const addGoogle = logins.getByRole('button', { name: 'Add Google' });
    await signInWithPopupFrom(page, addGoogle, 'hedy-google');
    await expect(logins.getByRole('alert')).toContainText('uses a different e-mail address');
    await logins.getByLabel('The account may use a different e-mail address than this wallet').check();
    after = stack.inbox.messages.length;
    await signInWithPopupFrom(page, addGoogle, 'hedy-google');
    await expect(logins.getByRole('status')).toHaveText('Google can now sign in to your wallet.');
    await expect(logins.getByRole('listitem')).toHaveCount(2);
    expect((await stack.inbox.waitFor({ to: email }, { after })).subject).toBe('Google can now sign in to your wallet');

    // Google alone now opens this very wallet.
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toBeHidden();
    const address = await evmAddress(page);
    await signOut(page);
    await openConnect(page);
    await signInWithPopup(page, socials(page).getByRole('button', { name: 'Continue with Google' }), 'hedy-google');
    await expect(page.getByTestId('demo-status')).toHaveText('connected');
    expect(await evmAddress(page)).toBe(address);

    // This new session must confirm again before it can remove anything; then Google is removed and the owner told.
    await page.getByTestId('latch-account-button').click();
    await dialog(page).getByTestId('latch-feature-EmbeddedLogins').click();
    await expect(logins.getByRole('button', { name: 'Remove Google' })).toHaveCount(0);
    after = stack.inbox.messages.length;
    await logins.getByRole('button', { name: /^Send a code to/ }).click();
    await logins.getByLabel('Confirmation code').fill(codeOf(await stack.inbox.waitFor({ to: email }, { after })) as string);
    await logins.getByLabel('Confirmation code').press('Enter');
    after = stack.inbox.messages.length;
    await logins.getByRole('button', { name: 'Remove Google' }).click();
    await expect(logins.getByRole('listitem')).toHaveCount(1);
    expect((await stack.inbox.waitFor({ to: email }, { after })).subject).toBe("Google was removed from your wallet's sign-in methods");
  },
);

/** A popup the wallet's own page opens (adding a sign-in method): signs in at the stand-in unless its session is still on. */
async function signInWithPopupFrom(page: Page, button: Locator, account: string) {
  const opened = page.waitForEvent('popup');
  await button.click();
  const popup = await opened;
  const closed = new Promise<void>((resolve) => (popup.isClosed() ? resolve() : popup.once('close', () => resolve())));
  const field = popup.getByLabel('Account');
  if ((await Promise.race([closed.then(() => 'closed'), field.waitFor().then(() => 'login')])) === 'login') {
    await field.fill(account);
    await popup.getByRole('button', { name: 'Sign in' }).click();
  }
  await closed;
}

socialTest(
  'a script on the host page cannot add a way to sign in: what it gets is a plain sign-in link that starts nowhere else',
  async ({ page, stack, browser }) => {
    await signUpByEmail(page, stack, `ida-${Date.now()}@example.com`);
    // The review's probe: social:start { link: true } from a page script, its URL sent to the attacker.
    const reply = await page.evaluate(
      (serviceOrigin) =>
        new Promise<{ type: string; payload: { url?: string } }>((resolve) => {
          const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-embedded]') as HTMLIFrameElement;
          const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
          window.addEventListener('message', (event) => {
            if (event.source === frame.contentWindow && event.data?.id === id) resolve(event.data);
          });
          frame.contentWindow?.postMessage(
            { latch: 'embedded', v: 1, id, type: 'social:start', payload: { provider: 'google', link: true } },
            serviceOrigin,
          );
        }),
      new URL(stack.serviceUrl).origin,
    );
    expect(reply.type).toBe('social:start:success');
    const attacker = await browser.newContext();
    try {
      const tab = await attacker.newPage();
      await tab.goto(reply.payload.url as string);
      await expect(tab.getByText(/asks you to sign in with Google\./)).toBeVisible();
      await expect(tab.getByText('This sign-in link only works in the window your wallet opened.')).toBeVisible({ timeout: 30_000 });
    } finally {
      await attacker.close();
    }
    // The account still has its one way in.
    await page.getByTestId('latch-account-button').click();
    await dialog(page).getByTestId('latch-feature-EmbeddedLogins').click();
    const logins = dialog(page).frameLocator('[data-testid="latch-embedded-logins-frame"]');
    await expect(logins.getByText(/^E-mail: i\*\*\*@example\.com$/)).toBeVisible();
    await expect(logins.getByRole('listitem')).toHaveCount(1);
  },
);
