import { createEip155Adapter } from '@latch/adapter-eip155';
import { createSolanaAdapter } from '@latch/adapter-solana';
import { createPolkadotAdapter } from '@latch/adapter-polkadot';
import { createBitcoinAdapter } from '@latch/adapter-bip122';
import { createCosmosAdapter } from '@latch/adapter-cosmos';
import { createEmbeddedWalletConnector } from '@latch/connector-embedded';
import { createWalletConnectConnector } from '@latch/connector-walletconnect';
import { createNamesPlugin } from '@latch/feature-names';
import { createOnrampPlugin } from '@latch/feature-onramp';
import { createSwapPlugin } from '@latch/feature-swap';
import { createModal, LatchProvider } from '@latch/react';
import { createSiwxClient } from '@latch/siwx';
import { createSharedSessionConnector } from '@latch/testkit/shared-session';
import { createToyAdapter } from '@latch/testkit/toy';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { GasTrackerPlugin } from '@latch-examples/gas-tracker';
import { App } from './App.js';
import { demoNetworks, demoSwapNetwork, demoTokenAddresses, onrampSessionToken, readDemoConfig } from './config.js';
import { loadTestWallets } from './testWallets.js';
import './demo.css';

const config = readDemoConfig();
const networks = demoNetworks(config);
const localChainId = networks[0]?.caipNetworkId;
const params = new URLSearchParams(location.search);
// `?features=legalCheckbox,-emailShowWallets`: flags turned on, or off with '-' (the e2e of the Connect view's options).
const features = Object.fromEntries(
  (params.get('features') ?? '')
    .split(',')
    .filter(Boolean)
    .map((flag) => (flag.startsWith('-') ? [flag.slice(1), false] : [flag, true])),
);

// The page starts in a function, not with a top-level `await`: a module that awaits at its top level makes the bundler
// (Rolldown) give up merging the chunks the first load shares with lazy ones, and the demo's first load would be
// about 7 kB bigger, in 45 files.
start();

async function start(): Promise<void> {
  // The test wallets the visitor added are on the page before the modal looks for wallets, as an extension would be.
  await loadTestWallets(config);
  // Gas tracker (`?features=gasTracker`): the example plugin a third party could write (examples/gas-tracker). Its
  // factory loads only when the page asks for it, so the demo's first load is what it was without it.
  const gasTracker = features.gasTracker ? (await import('@latch-examples/gas-tracker')).createGasTrackerPlugin() : undefined;
  const modal = createDemoModal(gasTracker);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <LatchProvider modal={modal}>
        <App config={config} />
      </LatchProvider>
    </StrictMode>,
  );
}

/** The demo's modal: every adapter, connector and plugin, configured from the page's config and address. */
function createDemoModal(gasTracker: GasTrackerPlugin | undefined) {
  return createModal({
    networks,
    adapters: [
      createEip155Adapter({
        tokens:
          config.token && localChainId
            ? {
                [localChainId]: demoTokenAddresses(config).map((address) =>
                  address === config.token && config.tokenImage ? { address, image: config.tokenImage } : { address },
                ),
              }
            : {},
        // The NFTs tab lists the demo collection; its metadata and images are on chain (data: URIs).
        ...(config.nft && localChainId ? { nfts: { [localChainId]: [config.nft] } } : {}),
        // ENS on the local chain (its Universal Resolver), when the server deployed it.
        ...(config.ens && config.chains[0] ? { ensUniversalResolvers: { [config.chains[0].chainId]: config.ens.universalResolver } } : {}),
      }),
      createSolanaAdapter(),
      // A namespace the kernel has never heard of, from the testkit: proof that adapters need no kernel edit.
      ...(config.toy ? [createToyAdapter()] : []),
      // polkadot, bip122 and cosmos: registered when `npm start` (or the e2e fixture) runs their local chains.
      ...(config.polkadot ? [createPolkadotAdapter({ appName: 'Latch demo' })] : []),
      ...(config.bitcoin ? [createBitcoinAdapter()] : []),
      ...(config.cosmos ? [createCosmosAdapter()] : []),
    ],
    connectors: [
      ...(config.sharedSession ? [createSharedSessionConnector()] : []),
      // WalletConnect through the relay the server names; its code loads only when the visitor picks it.
      ...(config.walletConnect ? [createWalletConnectConnector(config.walletConnect)] : []),
      // E-mail sign-in: the embedded wallet's frame and views load only when the visitor types an address.
      ...(config.embedded
        ? [
            createEmbeddedWalletConnector({
              serviceUrl: config.embedded.serviceUrl,
              projectId: config.embedded.projectId,
              smartAccount: config.embedded.smartAccount,
              defaultAccountType: params.get('accountType') === 'smartAccount' ? 'smartAccount' : 'eoa',
            }),
          ]
        : []),
    ],
    // Buy: Coinbase and Meld widgets served by the local stand-in when the server gives their URLs;
    // Coinbase's one-time session token comes from the demo server's route when the visitor clicks Continue.
    plugins: [
      ...(config.onramp
        ? [
            createOnrampPlugin({
              providers: {
                coinbase: config.onramp.sessionUrl
                  ? { getSessionToken: onrampSessionToken(config.onramp.sessionUrl), widgetUrl: config.onramp.coinbaseUrl }
                  : { appId: 'latch-demo', widgetUrl: config.onramp.coinbaseUrl },
                meld: { publicKey: 'latch-demo', widgetUrl: config.onramp.meldUrl },
              },
            }),
          ]
        : []),
      // Names: register one against the local name service; Send resolves it, the Account view shows it.
      ...(config.names ? [createNamesPlugin({ serviceUrl: config.names.serviceUrl, suffix: config.names.suffix })] : []),
      // Swap: quotes from the Uniswap v2 and v3 pools the server deployed on the first local chain.
      ...(config.swap && config.chains[0]
        ? [createSwapPlugin({ networks: { [config.chains[0].chainId]: demoSwapNetwork(config.swap, config.token) } })]
        : []),
      // Gas tracker (`?features=gasTracker`), loaded by `start`.
      ...(gasTracker ? [gasTracker] : []),
    ],
    // `?email=off`: the embedded wallet's social buttons without its e-mail field.
    features: params.get('email') === 'off' ? { ...features, email: false } : features,
    ...(config.tokenImage ? { imageHosts: [new URL(config.tokenImage).origin] } : {}),
    // The consent checkbox needs something to agree to.
    ...(features.legalCheckbox ? { termsConditionsUrl: `${location.origin}/terms`, privacyPolicyUrl: `${location.origin}/privacy` } : {}),
    metadata: { name: 'Latch demo', description: 'Connect a wallet to a local chain', url: location.origin, icons: [] },
    themeMode: params.get('theme') === 'light' ? 'light' : 'dark',
    // `?manualWC`: the app drives WalletConnect itself; the modal opens at the WalletConnect QR code.
    manualWCControl: params.has('manualWC'),
    // Sign in with X against the demo server's /siwx routes, when it serves them and the page asks.
    ...(config.siwx && params.has('siwx')
      ? { siwx: createSiwxClient({ statement: 'Sign in to the Latch demo.', required: params.get('siwx') === 'required' }) }
      : {}),
  });
}
