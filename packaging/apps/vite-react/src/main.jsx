// The root README's quick start, as an integrator writes it.
import { createEip155Adapter } from '@latch/adapter-eip155';
import { base, mainnet } from '@latch/adapter-eip155/networks';
import { ConnectButton, createModal, LatchProvider, useAccount } from '@latch/react';
import { createRoot } from 'react-dom/client';

const modal = createModal({
  networks: [mainnet, base],
  adapters: [createEip155Adapter()],
  metadata: { name: 'Packed app', description: 'Latch installed from tarballs', url: 'https://packed.example', icons: [] },
});

function Account() {
  const { address, isConnected } = useAccount();
  return isConnected ? <p>Connected: {address}</p> : null;
}

createRoot(document.getElementById('root')).render(
  <LatchProvider modal={modal}>
    <ConnectButton />
    <Account />
  </LatchProvider>,
);
