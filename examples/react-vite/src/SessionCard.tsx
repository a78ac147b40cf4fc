import { useAccount, useLatchModal } from '@latch/react';
import { useState } from 'react';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { DemoConfig } from './config.js';

type Answer = { text: string; failed: boolean };
const describe = (error: unknown): Answer => ({ text: String((error as { message?: unknown }).message ?? error), failed: true });

/** What the session sends each time, and the most it may send per call. */
const SEND_WEI = 1_000_000_000_000_000n; // 0.001 ETH
const LIMIT_WEI = 10_000_000_000_000_000n; // 0.01 ETH

/**
 * Smart sessions (shown with `?features=smartSessions`): the page makes its own key, asks the visitor once to let it
 * send up to 0.01 ETH per call to one address for an hour (`modal.grantPermissions`, approved in the wallet), then
 * sends 0.001 ETH with that key alone (`sendSessionCalls`: straight to the bundler, no wallet, no approval). Revoke
 * it from the Account view.
 */
export function SessionCard({ config }: { config: DemoConfig }) {
  const modal = useLatchModal();
  const { isConnected, namespace } = useAccount();
  const [to, setTo] = useState('');
  const [session, setSession] = useState<{ key: PrivateKeyAccount; context: string; chainId: number }>();
  const [answer, setAnswer] = useState<Answer>();
  const ready = isConnected && namespace === 'eip155';

  async function grant() {
    setAnswer(undefined);
    try {
      const { generatePrivateKey, privateKeyToAccount } = await import('viem/accounts');
      const key = privateKeyToAccount(generatePrivateKey());
      const expiry = Math.floor(Date.now() / 1000) + 3600;
      const granted = await modal.grantPermissions({
        expiry,
        signer: { type: 'account', data: { address: key.address } },
        permissions: [{ type: 'native-token-transfer', data: { to: to.trim(), valueLimit: `0x${LIMIT_WEI.toString(16)}` } }],
      });
      setSession({ key, context: granted.permissionsContext, chainId: Number(granted.chainId) });
      setAnswer({ text: `Session granted until ${new Date(expiry * 1000).toLocaleTimeString()}`, failed: false });
    } catch (error) {
      setAnswer(describe(error));
    }
  }

  async function sendWithSession() {
    if (!session) return;
    setAnswer(undefined);
    const chain = config.chains.find((entry) => entry.chainId === session.chainId);
    const bundlerUrl = config.embedded?.smartAccount?.bundlerUrls[session.chainId];
    const paymasterUrl = config.embedded?.smartAccount?.paymasterUrls?.[session.chainId];
    try {
      if (!chain || !bundlerUrl || !paymasterUrl) throw new Error('This chain has no bundler and paymaster configured');
      const { sendSessionCalls } = await import('@latch/connector-embedded/sessions');
      const sent = await sendSessionCalls({
        chain: {
          id: chain.chainId,
          name: chain.name,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        },
        bundlerUrl,
        paymasterUrl,
        permissionsContext: session.context,
        sessionKey: session.key,
        calls: [{ to: to.trim() as `0x${string}`, value: SEND_WEI }],
      });
      setAnswer({ text: `Sent with the session: ${sent.transactionHash}`, failed: false });
    } catch (error) {
      setAnswer(describe(error));
    }
  }

  return (
    <section className="card" aria-labelledby="session-title">
      <h2 id="session-title">Smart session</h2>
      <label htmlFor="demo-session-to">Send to (0.001 ETH a time, at most 0.01)</label>
      <input id="demo-session-to" className="mono" value={to} onChange={(e) => setTo(e.target.value)} placeholder="0x…" />
      <button type="button" disabled={!ready} onClick={() => void grant()}>
        Grant a session
      </button>
      <button type="button" disabled={!session} onClick={() => void sendWithSession()}>
        Send with the session
      </button>
      {!ready ? <p className="muted">Sign in with e-mail (smart account) first.</p> : null}
      {answer ? (
        <p
          data-testid="demo-session-answer"
          className={answer.failed ? 'error break' : 'mono break'}
          role={answer.failed ? 'alert' : undefined}
        >
          {answer.text}
        </p>
      ) : null}
    </section>
  );
}
