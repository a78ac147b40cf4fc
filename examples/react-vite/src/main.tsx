import { createEip155Adapter } from '@latch/adapter-eip155';
import { createSolanaAdapter } from '@latch/adapter-solana';
import { createPolkadotAdapter } from '@latch/adapter-polkadot';
import { createBitcoinAdapter } from '@latch/adapter-bip122';
import { createCosmosAdapter } from '@latch/adapter-cosmos';
import { createOnrampPlugin } from '@latch/feature-onramp';
import { createModal, LatchProvider } from '@latch/react';
import { createSiwxClient } from '@latch/siwx';
import { createSharedSessionConnector } from '@latch/testkit/shared-session';
import { createToyAdapter } from '@latch/testkit/toy';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { demoNetworks, readDemoConfig } from './config.js';
import './demo.css';

const config = readDemoConfig();
const networks = demoNetworks(config);
const localChainId = networks[0]?.caipNetworkId;
const params = new URLSearchParams(location.search);

const modal = createModal({
  networks,
  adapters: [
    createEip155Adapter({
      tokens: config.token && localChainId ? { [localChainId]: { address: config.token } } : {},
      // The NFTs tab lists the demo collection; its metadata and images are on chain (data: URIs).
      ...(config.nft && localChainId ? { nfts: { [localChainId]: [config.nft] } } : {}),
    }),
    createSolanaAdapter(),
    // A namespace the kernel has never heard of, from the testkit: proof that adapters need no kernel edit.
    ...(config.toy ? [createToyAdapter()] : []),
    // polkadot, bip122 and cosmos: registered when `npm start` (or the e2e fixture) runs their local chains.
    ...(config.polkadot ? [createPolkadotAdapter({ appName: 'Latch demo' })] : []),
    ...(config.bitcoin ? [createBitcoinAdapter()] : []),
    ...(config.cosmos ? [createCosmosAdapter()] : []),
  ],
  connectors: config.sharedSession ? [createSharedSessionConnector()] : [],
  // Buy: Coinbase and Meld widgets served by the local stand-in when the server gives their URLs.
  plugins: config.onramp
    ? [
        createOnrampPlugin({
          providers: {
            coinbase: { appId: 'latch-demo', widgetUrl: config.onramp.coinbaseUrl },
            meld: { publicKey: 'latch-demo', widgetUrl: config.onramp.meldUrl },
          },
        }),
      ]
    : [],
  metadata: { name: 'Latch demo', description: 'Connect a wallet to a local chain', url: location.origin, icons: [] },
  themeMode: params.get('theme') === 'light' ? 'light' : 'dark',
  // Sign in with X against the demo server's /siwx routes, when it serves them and the page asks.
  ...(config.siwx && params.has('siwx')
    ? { siwx: createSiwxClient({ statement: 'Sign in to the Latch demo.', required: params.get('siwx') === 'required' }) }
    : {}),
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <LatchProvider modal={modal}>
      <App config={config} />
    </LatchProvider>
  </StrictMode>,
);
