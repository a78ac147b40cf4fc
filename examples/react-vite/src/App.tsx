import { ConnectButton, NetworkButton, useAccount, useLatchModal, useModalEvents, useNetwork, useWalletInfo } from '@latch/react';
import { formatAccountBalance } from '@latch/kernel';
import { useState } from 'react';
import type { DemoConfig } from './config.js';
import { CallBundleCard } from './CallBundleCard.js';
import { SessionCard } from './SessionCard.js';
import { SignMessageCard } from './SignMessageCard.js';
import { WalletRequestCard } from './WalletRequestCard.js';
import { TestWalletsCard } from './TestWalletsCard.js';

const SNIPPET = `import { createModal, LatchProvider, ConnectButton, useAccount } from '@latch/react';
import { createEip155Adapter } from '@latch/adapter-eip155';
import { mainnet, base } from '@latch/adapter-eip155/networks';

const modal = createModal({ networks: [mainnet, base], adapters: [createEip155Adapter()] });

export function App() {
  return (
    <LatchProvider modal={modal}>
      <ConnectButton />
      <Account />
    </LatchProvider>
  );
}

function Account() {
  const { address, isConnected } = useAccount();
  return isConnected ? <p>Connected: {address}</p> : null;
}`;

export function App({ config }: { config: DemoConfig }) {
  const modal = useLatchModal();
  const account = useAccount();
  const [theme, setTheme] = useState<'dark' | 'light'>(() =>
    new URLSearchParams(location.search).get('theme') === 'light' ? 'light' : 'dark',
  );

  function toggleTheme() {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    modal.setThemeMode(next);
  }

  return (
    <div className="page">
      <header className="topbar">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ◆
          </span>{' '}
          Latch <span className="muted">demo</span>
        </div>
        <nav aria-label="Wallet">
          <button type="button" className="ghost" onClick={toggleTheme} aria-pressed={theme === 'light'}>
            Light modal
          </button>
          {account.isConnected ? <NetworkButton /> : null}
          <ConnectButton />
        </nav>
      </header>

      <main>
        <section className="hero">
          <h1>Connect a wallet to a local chain</h1>
          <p>
            This page runs against a local anvil node. Connect the browser wallet of your choice: the modal is Latch, mounted in its own
            shadow root, loaded on first open and making no request before you act.
          </p>
        </section>

        <div className="cards">
          <AccountCard />

          <NetworkCard />

          <SignMessageCard />

          <WalletRequestCard />

          <CallBundleCard />

          {modal.options.features.smartSessions ? <SessionCard config={config} /> : null}

          <TestWalletsCard config={config} />

          <IntegrateCard />

          <RealWalletCard config={config} />
        </div>
      </main>
    </div>
  );
}

/** The connected account as the hooks read it: status, address, balance, wallet. */
function AccountCard() {
  const account = useAccount();
  const { walletInfo } = useWalletInfo();
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="demo-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="demo-address" className="mono">
          {account.address ?? '—'}
        </dd>
        <dt>Balance</dt>
        <dd data-testid="demo-balance">
          {account.isConnected && account.balance !== undefined ? formatAccountBalance(account.balance, account.balanceSymbol) : '—'}
        </dd>
        <dt>Wallet</dt>
        <dd data-testid="demo-wallet">{walletInfo?.name ?? '—'}</dd>
      </dl>
    </section>
  );
}

/** The active network and the modal's last event, with a button to the Networks view. */
function NetworkCard() {
  const modal = useLatchModal();
  const network = useNetwork();
  const lastEvent = useModalEvents();
  return (
    <section className="card" aria-labelledby="network-title">
      <h2 id="network-title">Network</h2>
      <dl>
        <dt>Active</dt>
        <dd data-testid="demo-network">{network.caipNetwork?.name ?? '—'}</dd>
        <dt>CAIP-2 id</dt>
        <dd className="mono">{network.caipNetworkId ?? '—'}</dd>
        <dt>Last event</dt>
        <dd data-testid="demo-last-event">{lastEvent?.type ?? '—'}</dd>
      </dl>
      <button type="button" className="ghost" onClick={() => void modal.open({ view: 'Networks' })}>
        Choose network
      </button>
    </section>
  );
}

/** The integration snippet this page follows. */
function IntegrateCard() {
  return (
    <section className="card wide" aria-labelledby="code-title">
      <h2 id="code-title">Integrate it</h2>
      <p className="muted">One call creates the modal; hooks read its state. This page uses exactly this API.</p>
      <pre tabIndex={0} role="region" aria-label="Integration example code">
        <code>{SNIPPET}</code>
      </pre>
    </section>
  );
}

/** How to point a real browser wallet at the local chains. */
function RealWalletCard({ config }: { config: DemoConfig }) {
  return (
    <section className="card wide" aria-labelledby="wallet-title">
      <h2 id="wallet-title">Use a real browser wallet</h2>
      <ol>
        {config.chains.map((chain) => (
          <li key={chain.chainId}>
            Add the network <strong>{chain.name}</strong>: RPC <code>{chain.rpcUrl}</code>, chain id <code>{chain.chainId}</code>, currency
            ETH.
          </li>
        ))}
        {config.solana ? (
          <li>
            For Solana, point a Wallet Standard wallet at the local cluster <code>{config.solana.rpcUrl}</code>.
          </li>
        ) : null}
        {config.polkadot ? (
          <li>
            For Polkadot, the local Substrate node (chopsticks, {config.polkadot.symbol}) is <code>{config.polkadot.rpcUrl}</code>.
          </li>
        ) : null}
        {config.bitcoin ? (
          <li>
            For Bitcoin, the local regtest node's Esplora API is <code>{config.bitcoin.esploraUrl}</code>.
          </li>
        ) : null}
        {config.cosmos ? (
          <li>
            For Cosmos, the local node <code>{config.cosmos.chainId}</code> answers at <code>{config.cosmos.rpcUrl}</code>: the modal
            suggests it to a Keplr-style wallet when you connect.
          </li>
        ) : null}
        {config.testAccount ? (
          <li>
            Import the funded local test account <code className="mono">{config.testAccount.address}</code> with private key{' '}
            <code className="mono break">{config.testAccount.privateKey}</code> (a well-known anvil key: never use it on a real network).
          </li>
        ) : null}
        <li>
          Click <em>Connect Wallet</em> and pick your wallet.
        </li>
      </ol>
      {config.token ? (
        <p className="muted">
          Demo token (LDT): <code className="mono break">{config.token}</code>
        </p>
      ) : null}
    </section>
  );
}
