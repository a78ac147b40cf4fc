import { useAccount, useSignMessage } from '@latch/react';
import { useEffect, useState } from 'react';

/** Signs with whichever wallet is active, on any chain: the modal routes to the adapter's signer. */
export function SignMessageCard() {
  const { isConnected, namespace } = useAccount();
  const { signMessage, data, error, isPending, reset } = useSignMessage();
  const [message, setMessage] = useState('Hello from Latch');
  // A signature belongs to the account that made it: it goes when that account disconnects.
  useEffect(() => {
    if (!isConnected) reset();
  }, [isConnected, reset]);

  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <label htmlFor="demo-message">Message</label>
      <input id="demo-message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <button
        type="button"
        className="primary"
        disabled={!isConnected || isPending}
        onClick={() => void signMessage(message).catch(() => undefined)}
      >
        Sign with wallet{isConnected && namespace ? ` (${namespace})` : ''}
      </button>
      {!isConnected ? <p className="muted">Connect a wallet first.</p> : null}
      {data ? (
        <p data-testid="demo-signature" className="mono break">
          {data}
        </p>
      ) : null}
      {error ? (
        <p data-testid="demo-signature" className="error" role="alert">
          {error.message}
        </p>
      ) : null}
    </section>
  );
}
