import { createEip155Adapter } from '@latch/adapter-eip155';
import { base, mainnet } from '@latch/adapter-eip155/networks';
import { createNamesPlugin } from '@latch/feature-names';
import { ConnectButton, createModal, LatchProvider } from '@latch/react';
import { createRoot } from 'react-dom/client';

// latch-evm plus the names feature plugin (issue 16): registering it may add at most 0.5 kB to first load.
const modal = createModal({
  networks: [mainnet, base],
  adapters: [createEip155Adapter()],
  plugins: [createNamesPlugin({ serviceUrl: 'https://names.example.com', suffix: 'latch.id' })],
});

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
  </LatchProvider>,
);
