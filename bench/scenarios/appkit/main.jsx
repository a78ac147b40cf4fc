import { WagmiAdapter } from '@reown/appkit-adapter-wagmi';
import { base, mainnet } from '@reown/appkit/networks';
import { createAppKit } from '@reown/appkit/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { WagmiProvider } from 'wagmi';

// AppKit's React + wagmi quick start, default options. The project id is a dummy: the bench is offline.
const projectId = 'bench000000000000000000000000000';
const networks = [mainnet, base];
const wagmiAdapter = new WagmiAdapter({ networks, projectId });
createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'Latch bench', description: 'bench', url: window.location.origin, icons: [] },
});
const queryClient = new QueryClient();

createRoot(document.getElementById('root')).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
);
