import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createConfig, http, useAccount, useConnect, WagmiProvider } from 'wagmi';
import { base, mainnet } from 'wagmi/chains';

// The wagmi floor: wagmi's own config (EIP-6963 wallets as connectors, reconnect on load) under a bare
// button that lists them, and the connected address once wagmi knows it. No kit, no modal.
const config = createConfig({ chains: [mainnet, base], transports: { [mainnet.id]: http(), [base.id]: http() } });
const queryClient = new QueryClient();

function ConnectButton() {
  const { address } = useAccount();
  const { connectors, connect } = useConnect();
  const [open, setOpen] = useState(false);
  if (address) return <p>{`${address.slice(0, 6)}…${address.slice(-4)}`}</p>;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? (
        <ul>
          {connectors.map((connector) => (
            <li key={connector.uid}>
              <button type="button" onClick={() => connect({ connector })}>
                {connector.icon ? <img src={connector.icon} alt="" width={24} height={24} /> : null} {connector.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectButton />
    </QueryClientProvider>
  </WagmiProvider>,
);
