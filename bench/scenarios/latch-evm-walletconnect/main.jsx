import { createEip155Adapter } from '@latch/adapter-eip155';
import { base, mainnet } from '@latch/adapter-eip155/networks';
import { createWalletConnectConnector } from '@latch/connector-walletconnect';
import { ConnectButton, createModal, LatchProvider } from '@latch/react';
import { createRoot } from 'react-dom/client';

// latch-evm plus the WalletConnect connector (issue 9): registering it may add at most 1 kB to first load;
// @walletconnect/universal-provider, uqr and the QR view load with import() when the visitor picks WalletConnect.
const modal = createModal({
  networks: [mainnet, base],
  adapters: [createEip155Adapter()],
  connectors: [createWalletConnectConnector({ relayUrl: 'wss://relay.example.com' })],
});

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
  </LatchProvider>,
);
