import { createEip155Adapter } from '@latch/adapter-eip155';
import { base, mainnet } from '@latch/adapter-eip155/networks';
import { createEmbeddedWalletConnector } from '@latch/connector-embedded';
import { ConnectButton, createModal, LatchProvider } from '@latch/react';
import { createRoot } from 'react-dom/client';

// latch-evm plus the embedded wallet (issue 10): registering it may add at most 1.5 kB to first load; the frame
// client, the providers and the e-mail, OTP, recovery and approve views load with import() when the visitor acts.
const modal = createModal({
  networks: [mainnet, base],
  adapters: [createEip155Adapter()],
  connectors: [createEmbeddedWalletConnector({ serviceUrl: 'https://wallet.example.com', projectId: 'bench' })],
});

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
  </LatchProvider>,
);
