import { type CallsStatus, parseUnits } from '@latch/kernel';
import { useAccount, useLatchModal } from '@latch/react';
import { useState } from 'react';

type Answer = { text: string; failed: boolean };

const describe = (error: unknown): Answer => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { text: `${code === undefined ? '' : `${String(code)}: `}${String(message)}`, failed: true };
};

/**
 * EIP-5792 from the host: two transfers of the amount to one address as one bundle (`modal.sendCalls`), then its
 * status (`modal.getCallsStatus`). "Require a paymaster" asks a capability that is not optional, to show the refusal.
 */
export function CallBundleCard() {
  const modal = useLatchModal();
  const { isConnected, namespace } = useAccount();
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('0.001');
  const [paymaster, setPaymaster] = useState(false);
  const [id, setId] = useState<string>();
  const [answer, setAnswer] = useState<Answer>();
  const [status, setStatus] = useState<CallsStatus>();
  const ready = isConnected && namespace === 'eip155';

  async function send() {
    setAnswer(undefined);
    setStatus(undefined);
    setId(undefined);
    try {
      const value = parseUnits(amount.trim() || '0', 18);
      const call = { to: to.trim(), value };
      const sent = await modal.sendCalls({
        calls: [call, call],
        ...(paymaster ? { capabilities: { paymasterService: { url: `${location.origin}/paymaster` } } } : {}),
      });
      setId(sent.id);
      setAnswer({ text: 'Bundle sent', failed: false });
    } catch (error) {
      setAnswer(describe(error));
    }
  }

  async function check() {
    if (!id) return;
    try {
      setStatus(await modal.getCallsStatus(id));
    } catch (error) {
      setAnswer(describe(error));
    }
  }

  return (
    <section className="card" aria-labelledby="bundle-title">
      <h2 id="bundle-title">Send a call bundle</h2>
      <label htmlFor="demo-bundle-to">To (sent twice)</label>
      <input id="demo-bundle-to" className="mono" value={to} onChange={(e) => setTo(e.target.value)} placeholder="0x…" />
      <label htmlFor="demo-bundle-amount">Amount each (ETH)</label>
      <input id="demo-bundle-amount" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      <label>
        <input type="checkbox" checked={paymaster} onChange={(e) => setPaymaster(e.target.checked)} /> Require a paymaster
      </label>
      <button type="button" disabled={!ready} onClick={() => void send()}>
        Send bundle
      </button>
      <button type="button" disabled={!ready || !id} onClick={() => void check()}>
        Check status
      </button>
      {!ready ? <p className="muted">Connect a wallet on eip155 first.</p> : null}
      {answer ? (
        <p
          data-testid="demo-bundle-answer"
          className={answer.failed ? 'error break' : 'mono break'}
          role={answer.failed ? 'alert' : undefined}
        >
          {answer.text}
        </p>
      ) : null}
      {status ? (
        <p data-testid="demo-bundle-status" className="mono break" data-status={status.status}>
          {`status ${status.status}, ${status.receipts?.length ?? 0} receipts: ${(status.receipts ?? []).map((r) => r.transactionHash).join(' ')}`}
        </p>
      ) : null}
    </section>
  );
}
