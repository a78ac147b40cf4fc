import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit';
import { createRoot } from 'react-dom/client';
import { createConfig, WagmiProvider } from 'wagmi';
import { base, mainnet } from 'wagmi/chains';

// ConnectKit's quick start, default options. The project id is a dummy: the bench is offline.
const config = createConfig(
  getDefaultConfig({ appName: 'Latch bench', walletConnectProjectId: 'bench000000000000000000000000000', chains: [mainnet, base] }),
);
const queryClient = new QueryClient();

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider>
        <ConnectKitButton />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
);
