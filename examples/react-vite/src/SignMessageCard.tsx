import { useAccount, useProvider } from '@latch/react';
import { useState } from 'react';

type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** Shows useProvider in use: a personal_sign request through the connected wallet. */
export function SignMessageCard() {
  const { address, isConnected } = useAccount({ namespace: 'eip155' });
  const { provider } = useProvider<Eip1193>('eip155');
  const [message, setMessage] = useState('Hello from Latch');
  const [result, setResult] = useState<{ ok: boolean; text: string }>();

  async function sign() {
    if (!provider || !address) return;
    setResult(undefined);
    try {
      const hex = `0x${[...new TextEncoder().encode(message)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      const signature = (await provider.request({ method: 'personal_sign', params: [hex, address] })) as string;
      setResult({ ok: true, text: signature });
    } catch (err) {
      setResult({ ok: false, text: (err as { message?: string }).message ?? 'Signing failed' });
    }
  }

  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <label htmlFor="demo-message">Message</label>
      <input id="demo-message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <button type="button" className="primary" disabled={!isConnected || !provider} onClick={() => void sign()}>
        Sign with wallet
      </button>
      {!isConnected ? <p className="muted">Connect a wallet first.</p> : null}
      {result ? (
        <p data-testid="demo-signature" className={result.ok ? 'mono break' : 'error'} role={result.ok ? undefined : 'alert'}>
          {result.text}
        </p>
      ) : null}
    </section>
  );
}
