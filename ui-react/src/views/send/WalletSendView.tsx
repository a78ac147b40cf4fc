import { formatBalance, parseAmountInput, readErrorMessage, type SendFee, type TokenBalance } from '@latch/kernel';
import { activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, getInternals, sendAtom } from '@latch/kernel/internal';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValueRawSync } from 'jotai/react';
import type { ViewProps } from '../../modal/views.js';
import { ChevronIcon } from '../../parts/icons.js';
import { TokenIcon } from '../../parts/TokenIcon.js';
import { ACCOUNT_CSS } from '../../theme/accountStyles.js';
import { ViewStyles } from '../../theme/ViewStyles.js';
import { fiatOf } from './fiat.js';
import { checkDraft, looksLikeName, type SendField, sendableTokens } from './sendForm.js';

/** How long typing pauses before a name is looked up. */
const NAME_LOOKUP_DELAY_MS = 350;

/** The row of the chosen token with today's figures; the native row when none is chosen yet. */
function currentToken(tokens: readonly TokenBalance[], chosen: TokenBalance | undefined): TokenBalance | undefined {
  if (!chosen) return tokens.find((t) => t.address === undefined) ?? tokens[0];
  return tokens.find((t) => t.address?.toLowerCase() === chosen.address?.toLowerCase() && t.symbol === chosen.symbol) ?? chosen;
}

// long: split into hooks for the saved draft, the name lookup and Max, and components for the three fields, it cost
// the Send view's lazy chunk 281 bytes gzip (2,111 -> 2,392, of its 2,560 budget): 13 % more code to download for the
// same view
/** §2 send flow, step 1: token, amount and receiver, checked as the visitor types (§5). */
export default function WalletSendView({ modal }: ViewProps) {
  const internals = getInternals(modal);
  const account = useAtomValueRawSync(activeAccountAtom, { store: internals.store });
  const namespace = useAtomValueRawSync(activeNamespaceAtom, { store: internals.store });
  const network = useAtomValueRawSync(activeNetworkAtom, { store: internals.store });
  const saved = useAtomValueRawSync(sendAtom, { store: internals.store });
  const tokens = sendableTokens(account, network);
  const token = currentToken(tokens, saved.token);
  const [amount, setAmount] = useState(saved.sendTokenAmount ?? '');
  const [receiver, setReceiver] = useState(saved.receiverAddress ?? '');
  const [resolved, setResolved] = useState<{ name: string; address?: string; failed?: boolean }>();
  const [touched, setTouched] = useState<Partial<Record<SendField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [maxPending, setMaxPending] = useState(false);
  // What Max filled in, with the fee it left room for: kept while the amount stays as Max set it.
  const [max, setMax] = useState<{ amount: string; fee?: SendFee; note?: string; error?: string }>();
  const fields = {
    amount: useRef<HTMLInputElement>(null),
    receiver: useRef<HTMLInputElement>(null),
    token: useRef<HTMLButtonElement>(null),
  };
  const id = useId();
  const canResolve = Boolean(namespace && (modal.getCapability(namespace, 'names') || modal.options.dataServices?.names));
  const isAddress = (text: string) => Boolean(namespace && modal.getAdapter(namespace)?.isAddress(text));

  // biome-ignore lint/correctness/useExhaustiveDependencies: load balances once when the form opens without them.
  useEffect(() => {
    if (namespace && tokens.length === 0) void internals.refreshTokenBalances(namespace);
  }, [namespace]);

  // Keep the §3 send state in step, so going to the token list and back loses nothing.
  useEffect(() => {
    void internals.setSendState({ sendTokenAmount: amount, receiverAddress: receiver });
  }, [internals, amount, receiver]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: look a name up when the typed receiver changes.
  useEffect(() => {
    const text = receiver.trim();
    if (!canResolve || !looksLikeName(text) || isAddress(text)) {
      setResolved(undefined);
      return;
    }
    setResolved({ name: text });
    let live = true;
    const timer = setTimeout(() => {
      modal.resolveName(text, { namespace }).then(
        (address) => live && setResolved(address ? { name: text, address } : { name: text, failed: true }),
        () => live && setResolved({ name: text, failed: true }),
      );
    }, NAME_LOOKUP_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [receiver, canResolve, namespace]);

  const resolving = resolved !== undefined && resolved.address === undefined && !resolved.failed;

  const draft = { token, amount, receiver, resolved: resolved?.address };
  const problem = checkDraft(draft, isAddress, { resolving, nameFailed: Boolean(resolved?.failed) });
  const shown = problem && (submitted || touched[problem.field]) ? problem : undefined;
  const maxError = max?.error !== undefined && max.amount === amount ? max.error : undefined;
  const maxWarning = max?.amount === amount ? (max.fee?.warning ?? max.note) : undefined;
  const fiat = fiatOf(modal, token, parseAmountInput(amount, Number(token?.quantity.decimals ?? 0)).ok ? amount : 0);

  async function fillMax() {
    if (!token) return;
    setMaxPending(true);
    const typed = receiver.trim();
    const to = isAddress(typed) ? typed : resolved?.address;
    try {
      // The adapter's own answer: the fee for sending everything, and what the chain keeps back (an existential deposit).
      const filled = await modal.maxSendable({ ...(to ? { to } : {}), ...(token.address ? { token: token.address } : {}), namespace });
      setAmount(filled.amount);
      setMax(filled);
    } catch (err) {
      setMax({ amount, error: readErrorMessage(err) });
    } finally {
      setMaxPending(false);
    }
    setTouched((t) => ({ ...t, amount: true }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (problem) {
      fields[problem.field].current?.focus();
      return;
    }
    const to = isAddress(receiver.trim()) ? receiver.trim() : (resolved?.address as string);
    void internals.setSendState({
      token,
      sendTokenAmount: amount,
      receiverAddress: receiver,
      receiverProfileName: to !== receiver.trim() ? receiver.trim() : undefined,
    });
    internals.router.push('WalletSendPreview', {
      to,
      name: to !== receiver.trim() ? receiver.trim() : undefined,
      amount: amount.trim(),
      token,
      // Max's fee goes along: quoting again could leave no room for a fee that rose since.
      ...(max?.fee && max.amount === amount.trim() ? { fee: max.fee } : {}),
    });
  }

  /** Under the amount: its problem, Max's refusal or warning, the fiat value, else the balance (§9: 3 decimals). */
  function amountHint(): string {
    if (maxError) return maxError;
    if (invalid('amount')) return shown?.message ?? '';
    if (maxWarning) return maxWarning;
    if (fiat) return `≈ ${fiat}`;
    return token?.quantity.numeric ? `Balance ${formatBalance(token.quantity.numeric, token.symbol)}` : '';
  }

  if (!account?.address || !namespace) return <p className="empty">No wallet is connected.</p>;
  const hintId = (field: SendField) => `${id}-${field}-hint`;
  const invalid = (field: SendField) => (shown?.field === field ? true : undefined);

  return (
    <form onSubmit={submit} noValidate data-testid="latch-send">
      <ViewStyles css={ACCOUNT_CSS} />
      <div className="field">
        <span className="label" id={`${id}-token-label`}>
          Token
        </span>
        <button
          ref={fields.token}
          type="button"
          className="row token-pick"
          aria-labelledby={`${id}-token-label ${id}-token-value`}
          aria-describedby={hintId('token')}
          onClick={() => internals.router.push('WalletSendSelectToken')}
        >
          {token ? <TokenIcon modal={modal} token={token} size={24} /> : null}
          <span className="name" id={`${id}-token-value`}>
            {token
              ? token.quantity.numeric
                ? `${token.symbol}, balance ${formatBalance(token.quantity.numeric)}`
                : token.symbol
              : 'Choose a token'}
          </span>
          <ChevronIcon />
        </button>
        <p className={`hint${invalid('token') ? ' error' : ''}`} id={hintId('token')}>
          {invalid('token') ? shown?.message : network ? `On ${network.name}` : ''}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount{token ? ` (${token.symbol})` : ''}</label>
        <div className="control">
          <input
            ref={fields.amount}
            id={`${id}-amount`}
            className="input amount"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0"
            value={amount}
            aria-invalid={invalid('amount')}
            aria-describedby={hintId('amount')}
            onChange={(e) => setAmount(e.target.value)}
            onBlur={() => amount !== '' && setTouched((t) => ({ ...t, amount: true }))}
          />
          <button
            type="button"
            className="button"
            onClick={() => void fillMax()}
            disabled={!token?.quantity.numeric || maxPending}
            aria-label={`Max${token ? ` ${token.symbol}` : ''}`}
          >
            Max
          </button>
        </div>
        <p className={`hint${invalid('amount') || maxError ? ' error' : ''}`} id={hintId('amount')} aria-live="polite">
          {amountHint()}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-receiver`}>To</label>
        <input
          ref={fields.receiver}
          id={`${id}-receiver`}
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder={canResolve ? 'Address or name' : 'Address'}
          value={receiver}
          aria-invalid={invalid('receiver')}
          aria-describedby={hintId('receiver')}
          onChange={(e) => setReceiver(e.target.value)}
          onBlur={() => receiver !== '' && setTouched((t) => ({ ...t, receiver: true }))}
        />
        <p className={`hint${invalid('receiver') ? ' error' : ''}`} id={hintId('receiver')} aria-live="polite">
          {invalid('receiver')
            ? shown?.message
            : resolved?.address
              ? `${resolved.name} → ${resolved.address}`
              : resolving
                ? `Looking up ${resolved?.name}…`
                : resolved?.failed
                  ? `No address found for ${resolved.name}`
                  : ''}
        </p>
      </div>
      {submitted && shown ? (
        <p className="sr-only" role="alert">
          {shown.message}
        </p>
      ) : null}
      <button type="submit" className="button primary block" data-testid="latch-send-review">
        Review send
      </button>
    </form>
  );
}
