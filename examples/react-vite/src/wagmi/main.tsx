import { createEip155Adapter } from '@latch/adapter-eip155';
import { createDevnet } from '@latch/adapter-eip155/networks';
import { createModal, LatchProvider } from '@latch/react';
import { latchConnector } from '@latch/wagmi';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { defineChain } from 'viem';
import { createConfig, http, WagmiProvider } from 'wagmi';
import { readDemoConfig } from '../config.js';
import { WagmiApp } from './WagmiApp.js';
import '../demo.css';

// A wagmi app that lets Latch connect the wallet: the same local chains in both, Latch's connector the only one.
const demo = readDemoConfig();
const modal = createModal({
  networks: demo.chains.map((c) => createDevnet({ rpcUrl: c.rpcUrl, chainId: c.chainId, name: c.name })),
  adapters: [createEip155Adapter()],
  metadata: { name: 'Latch wagmi demo', description: 'wagmi hooks, Latch modal', url: location.origin, icons: [] },
});
const chains = demo.chains.map((c) =>
  defineChain({
    id: c.chainId,
    name: c.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  }),
);
const [first, ...rest] = chains;
if (!first) throw new Error('the demo config names no chain');
const config = createConfig({
  chains: [first, ...rest],
  connectors: [latchConnector(modal)],
  multiInjectedProviderDiscovery: false,
  // Every read goes to the configured local RPC, never to a chain's public default.
  transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
});
const queryClient = new QueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchProvider modal={modal}>
          <WagmiApp token={demo.token as `0x${string}` | undefined} />
        </LatchProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
);
