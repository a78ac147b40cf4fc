import {
  type CaipNetwork,
  insufficientBalanceReason,
  isUserRejection,
  parseAmountInput,
  SIGNATURE_DECLINED_MESSAGE,
  type TokenBalance,
} from '@latch/kernel';
import { Alert, Button, TextInput, usePluginContext } from '@latch/react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { MAX_SLIPPAGE } from './constants.js';
import type { SwapPlugin, SwapSettings } from './createSwapPlugin.js';
import { parseSlippage } from './slippage.js';
import type { SwapArguments } from './SwapView.js';
import { approveCall, type Eip1193Like, readClient, readTokenBalance, sendCall, swapFailureMessage } from './swapTransactions.js';
import { QuoteSummary, show } from './QuoteSummary.js';
import { TokenPicker } from './TokenPicker.js';
import { findToken, swapTokenList, tokenKey } from './tokenList.js';
import type { SwapNetworkConfig, SwapToken } from './types.js';
import { type QuoteInput, useSwapQuote } from './useSwapQuote.js';

interface SwapFormProps {
  account: { address: `0x${string}`; tokens: readonly TokenBalance[]; walletName?: string | undefined };
  network: CaipNetwork;
  chainId: number;
  config: SwapNetworkConfig & { rpcUrl: string };
  settings: SwapSettings;
  provider: Eip1193Like;
  args?: SwapArguments | undefined;
}

type Step =
  | { kind: 'form'; error?: string }
  | { kind: 'pick'; side: 'from' | 'to' }
  | { kind: 'wallet' | 'pending'; action: 'approve' | 'swap' }
  | { kind: 'done'; failed: boolean; message: string };

// long: the swap view's lazy chunk is 4 bytes under its 10,752-byte budget, and the smallest split measured (the
// balance read as a hook of its own) cost it 16 bytes gzip
export function SwapForm({ account, network, chainId, config, settings, provider, args }: SwapFormProps) {
  const { modal, feedback, router, refreshBalances } = usePluginContext<SwapPlugin>();
  const id = useId();
  const tokens = useMemo(() => swapTokenList(network, account.tokens, config.tokens ?? []), [network, account.tokens, config.tokens]);
  const [from, setFrom] = useState<SwapToken | undefined>(() => findToken(tokens, args?.from ?? 'native'));
  const [to, setTo] = useState<SwapToken | undefined>(() => findToken(tokens, args?.to));
  const [amount, setAmount] = useState(args?.amount ?? '');
  const [slippageText, setSlippageText] = useState(String(settings.slippage));
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [balance, setBalance] = useState<{ key: string; value?: bigint; error?: string } | undefined>(undefined);
  const [balanceTick, setBalanceTick] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<'from' | 'to' | undefined>(undefined);
  const fromButton = useRef<HTMLButtonElement>(null);
  const toButton = useRef<HTMLButtonElement>(null);

  const fromKey = from ? tokenKey(from) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fromKey` stands for `from`; `balanceTick` re-reads after a swap.
  useEffect(() => {
    if (!from || !fromKey) return;
    let live = true;
    readTokenBalance(readClient(config.rpcUrl), from, account.address).then(
      (value) => live && setBalance({ key: fromKey, value }),
      (err: unknown) => live && setBalance({ key: fromKey, error: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [fromKey, balanceTick, config.rpcUrl, account.address]);

  useEffect(() => {
    if (step.kind === 'form' && returnFocus.current) {
      (returnFocus.current === 'from' ? fromButton : toButton).current?.focus();
      returnFocus.current = undefined;
    } else if (step.kind !== 'form' && step.kind !== 'pick') heading.current?.focus();
  }, [step]);

  const held = balance && balance.key === fromKey ? balance.value : undefined;
  const parsed = from && amount.trim() ? parseAmountInput(amount, from.decimals) : undefined;
  const slippage = parseSlippage(slippageText, MAX_SLIPPAGE);
  const insufficient = parsed?.ok && held !== undefined && parsed.units > held;
  const amountError = parsed && !parsed.ok ? parsed.reason : insufficient && from ? insufficientBalanceReason(from.symbol) : undefined;
  const input: QuoteInput | undefined =
    from && to && parsed?.ok && slippage.ok && held !== undefined && !insufficient
      ? { from, to, amountIn: parsed.units, slippageBps: slippage.bps }
      : undefined;
  const [quote, refreshQuote] = useSwapQuote(input, { settings, config, chainId, account: account.address });

  if (step.kind === 'pick') {
    const side = step.side;
    return (
      <TokenPicker
        title={side === 'from' ? 'Swap from' : 'Swap to'}
        tokens={tokens}
        other={side === 'from' ? to : from}
        rpcUrl={config.rpcUrl}
        onPick={(token) => {
          (side === 'from' ? setFrom : setTo)(token);
          returnFocus.current = side;
          setStep({ kind: 'form' });
        }}
        onCancel={() => {
          returnFocus.current = side;
          setStep({ kind: 'form' });
        }}
      />
    );
  }

  async function run(requested: 'approve' | 'swap') {
    if (quote.status !== 'ready' || !from || !to) return;
    const { quote: current } = quote;
    const approval = from.address && current.spender ? approveCall(from.address, current.spender, current.amountIn) : undefined;
    // An allowance step the wallet can run with the swap as one atomic bundle (EIP-5792) goes out with it (swapBundle.ts).
    const bundles = requested === 'approve' && approval ? await import('./swapBundle.js') : undefined;
    const bundle = bundles !== undefined && (await bundles.bundleable(modal, chainId));
    const action = bundle ? 'swap' : requested;
    const call = action === 'approve' && approval ? approval : current.call;
    setStep({ kind: 'wallet', action });
    let hash: string | undefined;
    let bundleId: string | undefined;
    const before =
      action === 'swap' ? await readTokenBalance(readClient(config.rpcUrl), to, account.address).catch(() => undefined) : undefined;
    try {
      if (bundle && approval) bundleId = await bundles.sendApproveAndSwap(modal, approval, current.call);
      else hash = await sendCall(provider, chainId, account.address, call);
    } catch (err) {
      if (isUserRejection(err)) void feedback.showSnack(SIGNATURE_DECLINED_MESSAGE, 'error');
      // Anything but a "no" from the visitor may mean the quote is stale (the price moved): ask again.
      else refreshQuote();
      setStep({ kind: 'form', error: swapFailureMessage(err, slippageText.trim(), 'refused') });
      return;
    }
    setStep({ kind: 'pending', action });
    // The kernel waits on the chain, reads a revert's reason, and refreshes the account's balances; a bundle is the wallet's to report.
    const outcome = await (bundleId && bundles
      ? bundles.waitForBundle(modal, bundleId)
      : modal.waitForTransfer(hash as string, { namespace: 'eip155' })
    ).catch((err: unknown) => ({ status: 'failed' as const, reason: String(err) }));
    // The kernel refreshes balances after waitForTransfer; after a bundle the view asks for it.
    if (bundleId) void refreshBalances('eip155');
    if (action === 'approve') {
      setStep(
        outcome?.status === 'failed'
          ? { kind: 'form', error: swapFailureMessage(outcome.reason ?? '', slippageText.trim(), 'reverted') }
          : { kind: 'form' },
      );
      refreshQuote();
      return;
    }
    setBalanceTick((n) => n + 1);
    if (outcome?.status === 'failed') {
      setStep({ kind: 'done', failed: true, message: swapFailureMessage(outcome.reason ?? '', slippageText.trim(), 'reverted') });
      return;
    }
    const after = await readTokenBalance(readClient(config.rpcUrl), to, account.address).catch(() => undefined);
    // Native currency received is net of the gas the same account paid: the quote says it better.
    const received = to.address && before !== undefined && after !== undefined && after > before ? after - before : current.amountOut;
    setStep({ kind: 'done', failed: false, message: `Swapped ${show(current.amountIn, from)} for ${show(received, to)}.` });
  }

  if (step.kind === 'wallet' || step.kind === 'pending') {
    const what = step.action === 'approve' ? `allowing ${from?.symbol ?? 'the token'} to be swapped` : 'the swap';
    return (
      <div className="swap center" aria-busy="true" data-testid="latch-swap-progress">
        <h3 ref={heading} tabIndex={-1} className="swap-title">
          {step.kind === 'wallet' ? 'Confirm in your wallet' : step.action === 'approve' ? 'Approving…' : 'Swapping…'}
        </h3>
        <p role="status" className="note">
          {step.kind === 'wallet'
            ? `Approve ${what} in ${account.walletName ?? 'your wallet'}.`
            : 'Waiting for the network to include the transaction.'}
        </p>
      </div>
    );
  }

  if (step.kind === 'done') {
    return (
      <div className="swap center" data-testid="latch-swap-result" data-status={step.failed ? 'failed' : 'confirmed'}>
        <h3 ref={heading} tabIndex={-1} className="swap-title">
          {step.failed ? 'Swap failed' : 'Swap complete'}
        </h3>
        <p role={step.failed ? 'alert' : 'status'} className={step.failed ? 'note error' : 'note'}>
          {step.message}
        </p>
        <div className="actions">
          <Button variant="primary" block onClick={() => router.reset('Account')}>
            Done
          </Button>
          <Button
            block
            onClick={() => {
              if (step.failed) refreshQuote();
              else setAmount('');
              setStep({ kind: 'form' });
            }}
          >
            {step.failed ? 'Try again' : 'Swap again'}
          </Button>
        </div>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (quote.status === 'ready') void run(quote.needsApproval ? 'approve' : 'swap');
  }

  const ready = quote.status === 'ready' ? quote : undefined;
  const slippageError = slippage.ok ? undefined : slippage.reason;
  return (
    <form className="swap" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="sr-only">
        Swap tokens on {network.name}
      </h3>
      <div className="field">
        <label className="label" htmlFor={`${id}-amount`}>
          You pay
        </label>
        <div className="row">
          <input
            className="input"
            id={`${id}-amount`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amount}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={`${id}-balance${amountError ? ` ${id}-amount-error` : ''}`}
            onChange={(e) => setAmount(e.target.value)}
          />
          <button
            ref={fromButton}
            type="button"
            className="button pick"
            data-testid="latch-swap-from"
            onClick={() => setStep({ kind: 'pick', side: 'from' })}
          >
            <span className="sr-only">Token to pay with: </span>
            {from?.symbol ?? 'Select'}
          </button>
        </div>
        <span className="note" id={`${id}-balance`} data-testid="latch-swap-balance">
          {from && held !== undefined
            ? `Balance: ${show(held, from)}`
            : balance?.error && balance.key === fromKey
              ? balance.error
              : 'Balance: …'}
        </span>
        {amountError ? (
          <p className="note error" id={`${id}-amount-error`} data-testid="latch-swap-amount-error">
            {amountError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <span className="label" id={`${id}-to-label`}>
          You receive
        </span>
        <div className="row">
          <output className="note" aria-labelledby={`${id}-to-label`} data-testid="latch-swap-amount-out">
            {ready && to ? show(ready.quote.amountOut, to) : quote.status === 'loading' ? 'Getting a quote…' : '—'}
          </output>
          <button
            ref={toButton}
            type="button"
            className="button pick"
            data-testid="latch-swap-to"
            onClick={() => setStep({ kind: 'pick', side: 'to' })}
          >
            <span className="sr-only">Token to receive: </span>
            {to?.symbol ?? 'Select'}
          </button>
        </div>
      </div>
      <TextInput
        label="Slippage tolerance (%)"
        inputMode="decimal"
        autoComplete="off"
        value={slippageText}
        error={slippageError}
        onChange={(e) => setSlippageText(e.target.value)}
      />
      {ready && from && to ? <QuoteSummary quote={ready.quote} from={from} to={to} slippage={slippageText.trim()} /> : null}
      <div role="status" aria-live="polite">
        {quote.status === 'error' ? <p className="note error">{quote.message}</p> : null}
      </div>
      {step.kind === 'form' && step.error ? (
        <Alert variant="error" data-testid="latch-swap-error">
          {step.error}
        </Alert>
      ) : null}
      <Button type="submit" variant="primary" block disabled={!ready} data-testid="latch-swap-submit">
        {!from || !to ? 'Select a token' : amountError ? amountError : ready?.needsApproval ? `Approve ${from.symbol}` : 'Swap'}
      </Button>
    </form>
  );
}
