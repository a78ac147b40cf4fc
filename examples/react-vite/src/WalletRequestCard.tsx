import { useProvider } from '@latch/react';
import { useState } from 'react';

type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** Any EIP-1193 request to the connected eip155 wallet, as an app sends it: the answer, or the error's code and message. */
export function WalletRequestCard() {
  const { provider } = useProvider<Eip1193>('eip155');
  const [method, setMethod] = useState('eth_chainId');
  const [answer, setAnswer] = useState<{ text: string; failed: boolean }>();

  async function send() {
    if (!provider) return;
    setAnswer(undefined);
    try {
      setAnswer({ text: JSON.stringify(await provider.request({ method: method.trim(), params: [] })), failed: false });
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      setAnswer({ text: `${String(code)}: ${String(message)}`, failed: true });
    }
  }

  return (
    <section className="card" aria-labelledby="request-title">
      <h2 id="request-title">Send a request</h2>
      <label htmlFor="demo-request-method">Method (eip155)</label>
      <input id="demo-request-method" value={method} onChange={(e) => setMethod(e.target.value)} />
      <button type="button" disabled={!provider} onClick={() => void send()}>
        Send request
      </button>
      {!provider ? <p className="muted">Connect a wallet on eip155 first.</p> : null}
      {answer ? (
        <p
          data-testid="demo-request-answer"
          className={answer.failed ? 'error break' : 'mono break'}
          role={answer.failed ? 'alert' : undefined}
        >
          {answer.text}
        </p>
      ) : null}
    </section>
  );
}
