import type { CaipNetwork } from '@latch/kernel';
import { usePluginContext } from '@latch/react';
import type { SwapPlugin } from './createSwapPlugin.js';
import { DEFAULT_SWAP_NETWORKS } from './defaultNetworks.js';
import { networkProblem } from './networkProblem.js';
import { SwapForm } from './SwapForm.js';
import { SwapStyles } from './SwapStyles.js';
import { type Eip1193Like, isEip1193 } from './swapTransactions.js';

/** What a host may open the Swap view with (§2 "A Swap view can receive swap arguments"). */
export interface SwapArguments {
  /** The token to pay with: an address, or 'native'. Default: the native currency. */
  from?: string;
  /** The token to receive: an address, or 'native'. */
  to?: string;
  /** Whole units of `from`, as typed: '1.5'. */
  amount?: string;
}

/** The eip155 chain id of a network, when it is one. */
function eip155ChainId(network: CaipNetwork | undefined): number | undefined {
  const match = network ? /^eip155:(\d+)$/.exec(network.caipNetworkId) : null;
  return match ? Number(match[1]) : undefined;
}

/** §2 Swap: choose tokens and amount, see the quote, allow the token when needed, swap, see the result. */
export default function SwapView({ data }: { data?: unknown }) {
  const { plugin, getAccount, getNetwork } = usePluginContext<SwapPlugin>();
  const account = getAccount();
  const network = getNetwork();
  const settings = plugin.swap;
  const chainId = eip155ChainId(network);
  const config = chainId === undefined ? undefined : (settings?.networks[chainId] ?? DEFAULT_SWAP_NETWORKS[chainId]);
  const provider: Eip1193Like | undefined = isEip1193(account?.connector?.provider) ? account.connector.provider : undefined;
  const rpcUrl = config?.rpcUrl ?? network?.rpcUrls.default.http[0];

  let problem: string | undefined;
  if (!account?.address || account.status !== 'connected') problem = 'No wallet is connected.';
  else if (!settings || !config || !network || chainId === undefined || !rpcUrl) problem = 'Swaps are not available on this network.';
  else if (networkProblem(chainId, config)) problem = `Swaps are not configured correctly: ${networkProblem(chainId, config)}`;
  else if (!provider) problem = 'This wallet cannot send transactions from here.';
  if (problem || !account?.address || !settings || !config || !network || chainId === undefined || !rpcUrl || !provider) {
    return (
      <p className="empty" data-testid="latch-Swap">
        {problem}
      </p>
    );
  }
  return (
    <div data-testid="latch-Swap">
      <SwapStyles />
      <SwapForm
        key={`${network.caipNetworkId}|${account.address}`}
        account={{ address: account.address as `0x${string}`, tokens: account.tokenBalance, walletName: account.connectedWalletInfo?.name }}
        network={network}
        chainId={chainId}
        config={{ ...config, rpcUrl }}
        settings={settings}
        provider={provider}
        args={(data ?? undefined) as SwapArguments | undefined}
      />
    </div>
  );
}
