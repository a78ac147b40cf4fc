import type { DemoConfig } from './config.js';
import { addedTestWallets, setTestWallet } from './testWallets.js';

const LABELS: Record<string, string> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
};

/** "Try with a test wallet": the testkit's mock wallets, added to this page on request, one per namespace. */
export function TestWalletsCard({ config }: { config: DemoConfig }) {
  const offered = Object.entries(config.testWallets ?? {});
  if (offered.length === 0) return null;
  const added = addedTestWallets(config);
  return (
    <section className="card wide" aria-labelledby="test-wallets-title" data-testid="demo-test-wallets">
      <h2 id="test-wallets-title">Try with a test wallet</h2>
      <p className="muted">
        No browser wallet? Add a <strong>test wallet</strong> to this page: a stand-in for an extension with a real key, funded on the local
        chains only. Its key is public: never send it anything of value. The page reloads with the wallet in it; then click{' '}
        <em>Connect Wallet</em> and pick it.
      </p>
      <ul className="test-wallets">
        {offered.map(([namespace, wallet]) => {
          const on = added.includes(namespace);
          const label = LABELS[namespace] ?? namespace;
          return (
            <li key={namespace}>
              <button
                type="button"
                className={on ? 'ghost' : 'primary'}
                aria-pressed={on}
                data-testid={`demo-test-wallet-${namespace}`}
                onClick={() => setTestWallet(config, namespace, !on)}
              >
                {on ? `Remove the test ${label} wallet` : `Add a test ${label} wallet`}
              </button>
              <span className="muted">
                {' '}
                Test wallet “{wallet.name}”, <code className="mono">{wallet.address}</code>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
