// The demo's whole local world, as `npm start` and `npm run gallery` run it: two local anvil chains with the demo contracts, a local Solana cluster,
// a Substrate node (chopsticks), a Bitcoin regtest node behind Esplora, a Cosmos node stand-in, the Coinbase and
// Meld on-ramp stand-ins (they pay on the first anvil chain), the name, wallet and sign-in services, test wallets
// for every namespace, and the demo page.
import {
  deployUniswap,
  startAnvil,
  startBitcoinRegtest,
  startBundlerStack,
  startCosmosChain,
  startPolkadotChain,
  startSolanaRpc,
} from '@latch/devnet';
import { startOnrampStandIn } from '@latch/devnet/services';
import { serveDemo } from './demoServer.mjs';
import { startNameService } from '@latch/name-service';
import { deployEns } from '@latch/devnet';
import { startWalletConnectRelay } from '@latch/devnet/walletconnect';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { startEmbeddedWalletService } from '@latch/embedded-wallet-service';
import { startSmtpInbox } from '@latch/devnet';
import { createFarcasterSigner, deployFarcasterIdRegistry, startFarcasterRelay } from '@latch/devnet/farcaster';
import { startOidcProvider } from '@latch/devnet/oidc';
import { startFarcasterApp } from './farcasterApp.mjs';

import { demoTestWallets } from './testWallets.mjs';
import { PGlite } from '@electric-sql/pglite';

/**
 * Starts everything the demo page talks to, then serves it (`distDir`: the built demo) on `port` when free, else on
 * any free port. Resolves what was started and a `stop()` that stops all of it; a failure stops what had started.
 * `fixedPorts: false` puts the chains on free ports too (the gallery, which no browser wallet is configured for).
 */
export async function startDemoStack({ distDir, port = 5173, fixedPorts = true }) {
  const stops = [];
  // The database last: the services close their connections to it first.
  let closeDatabase;
  const stop = async () => {
    await Promise.allSettled(stops.map((each) => each()));
    await closeDatabase?.().catch(() => undefined);
  };
  try {
    // Fixed ports when free, so a browser wallet needs configuring only once; else any free port.
    const fixed = (preferred) => (fixedPorts ? { port: preferred } : {});
    const main = await startAnvil({ chainId: 31337, ...fixed(8545) }).catch(() => startAnvil({ chainId: 31337 }));
    stops.push(main.stop);
    const second = await startAnvil({ chainId: 31338, deploy: false, ...fixed(8546) }).catch(() =>
      startAnvil({ chainId: 31338, deploy: false }),
    );
    stops.push(second.stop);
    const solana = await startSolanaRpc(fixed(8899)).catch(() => startSolanaRpc());
    stops.push(solana.stop);
    // polkadot, bip122 and cosmos: each on a free port of 127.0.0.1 (chopsticks takes ~3 s to start).
    // Every one that started is stopped on the way out, even when another failed.
    const started = await Promise.allSettled([startPolkadotChain(), startBitcoinRegtest(), startCosmosChain()]);
    for (const result of started) if (result.status === 'fulfilled') stops.push(result.value.stop);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const [polkadot, bitcoin, cosmos] = started.map((result) => result.value);
    // Buy: the Coinbase and Meld stand-ins, paying from the last anvil dev account.
    const onramp = await startOnrampStandIn({ rpcUrl: main.rpcUrl, from: main.accounts[9].address });
    stops.push(onramp.close);
    // WalletConnect: the devnet's relay on 127.0.0.1 stands in for the hosted one, so pairing works offline.
    const relay = await startWalletConnectRelay();
    stops.push(relay.stop);
    // Swap: Uniswap v2 and v3 from their npm artifacts on the first chain, with LDT/WETH, LDT/LUSD and LUSD/WETH pools.
    const uniswap = await deployUniswap(main.rpcUrl, main.chainId, main.accounts[0], { token: main.contracts.token });
    // Smart accounts: EntryPoint v0.7 and SimpleAccountFactory on the first chain, the alto bundler in front of it and
    // a sponsoring paymaster service, all on 127.0.0.1.
    const bundlerStack = await startBundlerStack({ anvil: main });
    stops.push(bundlerStack.stop);
    const swap = {
      weth: uniswap.weth,
      dollar: uniswap.dollar,
      v2: uniswap.v2,
      v3: { router: uniswap.v3.swapRouter, quoter: uniswap.v3.quoter, factory: uniswap.v3.factory },
    };
    // Names: the reference name service (in-memory PGlite) for *.latch.id, callable from loopback pages; ENS on the
    // first chain from its npm artifacts (deployed by dev account 8), with friend.test pointing at that account.
    // One PGlite for both services (their tables and migration records are their own): a PGlite is a whole
    // Postgres in WebAssembly, a few hundred MB each, and the demo ran two. Postgres's default 128 MB of shared
    // buffers is for a server's data; the demo's few rows need 16 MB. Closed after the services.
    const database = new PGlite({ postgresqlconf: ['shared_buffers=16MB'] });
    await database.waitReady;
    closeDatabase = () => database.close();
    const names = await startNameService({
      database,
      suffix: 'latch.id',
      allowedOrigins: (origin) => /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(origin),
    });
    stops.push(names.stop);
    const ens = await deployEns(main.rpcUrl, main.chainId, main.accounts[8]);
    await ens.register('friend', main.accounts[8]);
    const config = {
      names: { serviceUrl: names.url, suffix: 'latch.id' },
      ens: { universalResolver: ens.universalResolver },
      swap,
      walletConnect: { relayUrl: relay.url },
      onramp: { coinbaseUrl: onramp.coinbaseUrl, meldUrl: onramp.meldUrl },
      chains: [
        { chainId: main.chainId, rpcUrl: main.rpcUrl, name: 'Local Devnet' },
        { chainId: second.chainId, rpcUrl: second.rpcUrl, name: 'Local Devnet 2' },
      ],
      solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId },
      polkadot: {
        rpcUrl: polkadot.rpcUrl,
        genesisHash: polkadot.genesisHash,
        ss58Format: polkadot.ss58Format,
        decimals: polkadot.decimals,
        symbol: polkadot.symbol,
      },
      bitcoin: { esploraUrl: bitcoin.esploraUrl },
      cosmos: { rpcUrl: cosmos.rpcUrl, chainId: cosmos.chainId, denom: cosmos.denom },
      token: main.contracts.token,
      nft: main.contracts.nft,
      testAccount: { address: main.accounts[0].address, privateKey: main.accounts[0].privateKey },
    };
    const preferred = port;
    // E-mail sign-in: a local SMTP inbox (its page lists the codes) and the embedded wallet service (in-memory PGlite),
    // whose project allows the demo's origin, so the demo's port is settled first.
    const bindable = (port) =>
      new Promise((resolve) => {
        const probe = createServer().once('error', () => resolve(undefined));
        probe.listen(port, '127.0.0.1', () => {
          const { port: bound } = probe.address();
          probe.close(() => resolve(bound));
        });
      });
    const demoPort = (await bindable(preferred)) ?? (await bindable(0));
    const inbox = await startSmtpInbox();
    stops.push(inbox.close);
    // Social sign-in: the devnet's OpenID Connect stand-in plays the six providers (its login page takes the account
    // 'demo'); each provider's app there names the service's callback, so the service's port is settled first.
    const servicePort = await bindable(0);
    const callback = (provider) => `http://127.0.0.1:${servicePort}/api/auth/callback/${provider}`;
    const providers = ['google', 'x', 'discord', 'github', 'apple', 'facebook'];
    const oidc = await startOidcProvider({
      clients: providers.map((provider) => ({
        clientId: `${provider}-demo`,
        clientSecret: `${provider}-demo-secret`,
        redirectUris: [callback(provider)],
        ...(provider === 'x' ? { tokenEndpointAuthMethod: 'client_secret_basic' } : {}),
      })),
      accounts: [
        { sub: 'demo', email: 'demo@latch.localhost', email_verified: true, name: 'Demo visitor', login: 'demo', username: 'demo' },
      ],
    });
    stops.push(oidc.close);
    const app = (provider) => ({ clientId: `${provider}-demo`, clientSecret: `${provider}-demo-secret` });
    const oauth2 = (provider) => ({
      ...app(provider),
      authorizationUrl: oidc.authorizationUrl,
      tokenUrl: oidc.tokenUrl,
      userInfoUrl: oidc.vendorUserUrl(provider),
    });
    // Farcaster: the Id Registry on chain 31338 (fid 1 held by its dev account 7), the relay stand-in, and a page
    // playing the Farcaster app that approves a pasted sign-in link with that custody key.
    const custody = second.accounts[7];
    await deployFarcasterIdRegistry(second, { 1: custody.address });
    const farcasterRelay = await startFarcasterRelay({ rpcUrl: second.rpcUrl });
    stops.push(farcasterRelay.close);
    const farcasterSigner = createFarcasterSigner({
      relayUrl: farcasterRelay.url,
      fid: 1,
      username: 'demo',
      custodyPrivateKey: custody.privateKey,
    });
    const farcasterApp = await startFarcasterApp(farcasterSigner, 'demo');
    stops.push(farcasterApp.close);
    const embeddedWallet = await startEmbeddedWalletService({
      database,
      port: servicePort,
      projects: [{ id: 'latch-demo', allowedOrigins: [`http://127.0.0.1:${demoPort}`, `http://localhost:${demoPort}`] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'Latch demo wallet <wallet@latch.localhost>' },
      secret: randomBytes(32).toString('hex'),
      appName: 'Latch demo',
      socials: {
        google: { ...app('google'), discoveryUrl: oidc.discoveryUrl },
        apple: { ...app('apple'), discoveryUrl: oidc.discoveryUrl },
        x: oauth2('x'),
        discord: oauth2('discord'),
        github: oauth2('github'),
        facebook: oauth2('facebook'),
      },
      farcaster: { relayUrl: farcasterRelay.url, rpcUrl: second.rpcUrl },
    });
    stops.push(embeddedWallet.close);
    config.embedded = {
      serviceUrl: embeddedWallet.url,
      projectId: 'latch-demo',
      inboxUrl: inbox.httpUrl,
      smartAccount: {
        bundlerUrls: { [main.chainId]: bundlerStack.bundlerUrl },
        paymasterUrls: bundlerStack.paymasterUrl ? { [main.chainId]: bundlerStack.paymasterUrl } : {},
      },
    };
    // Sign in with X on the demo's own server: open the page with ?siwx (or ?siwx=required) to use it.
    const siwx = { rpcUrls: { [`eip155:${main.chainId}`]: main.rpcUrl, [`eip155:${second.chainId}`]: second.rpcUrl } };
    // "Try with a test wallet": one per namespace, funded on every local chain (anvil dev account 2 is funded on both).
    const testWallets = await demoTestWallets({
      evm: { account: main.accounts[2], chains: config.chains },
      solana,
      polkadot,
      bitcoin,
      cosmos,
    });
    // Coinbase's session tokens: the demo server's route signs with the stand-in's CDP key and asks its token endpoint.
    const onrampSession = { ...onramp.cdpKeys.ed25519, tokenUrl: onramp.coinbaseTokenUrl };
    const server = await serveDemo({ distDir, config, port: demoPort, siwx, onrampSession, testWallets }).catch(() =>
      serveDemo({ distDir, config, port: 0, siwx, onrampSession, testWallets }),
    );
    stops.push(server.close);
    return {
      url: server.url,
      stop,
      main,
      second,
      solana,
      polkadot,
      bitcoin,
      cosmos,
      onramp,
      relay,
      uniswap,
      bundlerStack,
      names,
      embeddedWallet,
      inbox,
      oidc,
      farcasterRelay,
      farcasterApp,
      testWallets,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
