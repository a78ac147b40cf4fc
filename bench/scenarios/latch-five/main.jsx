import { createBitcoinAdapter } from '@latch/adapter-bip122';
import { bitcoin } from '@latch/adapter-bip122/networks';
import { createCosmosAdapter } from '@latch/adapter-cosmos';
import { cosmosHub } from '@latch/adapter-cosmos/networks';
import { createEip155Adapter } from '@latch/adapter-eip155';
import { base, mainnet } from '@latch/adapter-eip155/networks';
import { createPolkadotAdapter } from '@latch/adapter-polkadot';
import { polkadot } from '@latch/adapter-polkadot/networks';
import { createSolanaAdapter } from '@latch/adapter-solana';
import { solana } from '@latch/adapter-solana/networks';
import { ConnectButton, createModal, LatchProvider } from '@latch/react';
import { createRoot } from 'react-dom/client';

// Latch with the five adapters of issue 13 (eip155, solana, polkadot, bip122, cosmos) and one mainnet of each (two
// for eip155, as latch-evm), default options. Generated variants of this page (bench/five-adapters.mjs) leave one out.
const modal = createModal({
  networks: [mainnet, base, solana, polkadot, bitcoin, cosmosHub],
  adapters: [createEip155Adapter(), createSolanaAdapter(), createPolkadotAdapter(), createBitcoinAdapter(), createCosmosAdapter()],
});

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
  </LatchProvider>,
);
