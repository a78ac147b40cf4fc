import { useAccount, useLatchModal } from '@latch/react';
import { useState } from 'react';

/** Signs with whichever wallet is active, on any chain: the modal routes to the adapter's signer. */
export function SignMessageCard() {
  const modal = useLatchModal();
  const { isConnected, namespace } = useAccount();
  const [message, setMessage] = useState('Hello from Latch');
  const [result, setResult] = useState<{ ok: boolean; text: string }>();

  async function sign() {
    setResult(undefined);
    try {
      setResult({ ok: true, text: await modal.signMessage(message) });
    } catch (err) {
      setResult({ ok: false, text: (err as { message?: string }).message ?? 'Signing failed' });
    }
  }

  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <label htmlFor="demo-message">Message</label>
      <input id="demo-message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <button type="button" className="primary" disabled={!isConnected} onClick={() => void sign()}>
        Sign with wallet{isConnected && namespace ? ` (${namespace})` : ''}
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
