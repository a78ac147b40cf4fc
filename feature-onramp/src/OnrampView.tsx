import { type ChainNamespace, invalidOption } from '@latch/kernel';
import { Alert, Button, TextInput, usePluginContext, ViewStyles } from '@latch/react';
import { type FormEvent, useId, useState } from 'react';
import type { OnrampPlugin } from './createOnrampPlugin.js';
import {
  assetsFor,
  buildOnrampUrl,
  configProblem,
  chainNamesFor,
  isValidFiatAmount,
  ONRAMP_PROVIDERS,
  type OnrampChainName,
  type OnrampProviderId,
  onrampChainName,
  providersFor,
  sessionRequestFor,
} from './providers.js';

const CSS = `
.onramp fieldset { border: 0; padding: 0; margin: 0 0 12px; }
.onramp legend { font-weight: 600; color: var(--latch-color-muted); margin-bottom: 6px; padding: 0; }
.onramp .choice { display: flex; align-items: center; gap: 8px; padding: 8px 10px; border-radius: calc(var(--latch-radius) * 3); background: var(--latch-color-surface); margin-bottom: 6px; cursor: pointer; }
.onramp .choice .fee { margin-left: auto; color: var(--latch-color-muted); }
.onramp .note { color: var(--latch-color-muted); margin: 0 0 12px; overflow-wrap: anywhere; }
.onramp a { color: inherit; text-decoration: underline; }
`;

type Outcome =
  | { kind: 'opened' | 'blocked'; url: string; provider: string }
  | { kind: 'preparing'; provider: string }
  | { kind: 'failed'; provider: string; reason: string }
  | undefined;

const POPUP_FEATURES = 'popup,width=480,height=720';

/** Opens (or, given the window opened in the click, navigates) the provider's popup; undefined when blocked. */
function showInPopup(url: string, popup: Window | null | undefined): Window | null {
  const opened = popup ?? window.open(url, 'latch-onramp', POPUP_FEATURES);
  if (!opened) return null;
  if (popup) opened.location.href = url;
  try {
    opened.opener = null;
  } catch {
    // a cross-origin window may refuse; it was opened by us, nothing else to do
  }
  return opened;
}

// long: split (the provider's widget opened by a module function, the outcome notes and the two selects as
// components), it cost the view's lazy chunk 79 bytes gzip and took it over its 3,584-byte budget (3,643)
/** Buy crypto: provider, network, asset and fiat amount; opens the provider's widget in a popup. */
export default function OnrampView() {
  const { plugin, getAccount, getNetwork } = usePluginContext<OnrampPlugin>();
  const account = getAccount();
  const network = getNetwork();
  const namespace = network?.chainNamespace;
  const settings = plugin.onramp;
  const id = useId();
  const available = settings ? providersFor(Object.keys(settings.providers) as OnrampProviderId[], namespace) : [];
  const [picked, setPicked] = useState<OnrampProviderId | undefined>(undefined);
  const provider = picked && available.includes(picked) ? picked : available[0];
  const chains = namespace ? chainNamesFor(namespace as ChainNamespace) : [];
  const activeChain = onrampChainName(network?.caipNetworkId);
  const [chosenChain, setChain] = useState<OnrampChainName | undefined>(undefined);
  const chain = chosenChain && chains.includes(chosenChain) ? chosenChain : chains.includes(activeChain) ? activeChain : chains[0];
  const assets = chain ? assetsFor(chain) : [];
  const [chosenAsset, setAsset] = useState<string | undefined>(undefined);
  const asset = chosenAsset && assets.includes(chosenAsset) ? chosenAsset : assets[0];
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(undefined);

  if (!account?.address || !namespace) return <p className="empty">No wallet is connected.</p>;
  if (!settings || !provider || !chain || !asset) {
    return <p className="empty">Buying crypto is not available for this account's network.</p>;
  }
  const problem = configProblem(settings.providers);
  if (problem) {
    return (
      <p className="empty" role="alert" data-testid="latch-onramp-config-problem">
        Buying crypto is not set up correctly on this site: {problem}.
      </p>
    );
  }
  const address = account.address;
  const fiat = settings.fiatCurrency;
  const amountOk = isValidFiatAmount(amount.trim());
  const amountError = touched && !amountOk ? `Enter an amount in ${fiat} greater than 0, with at most 2 decimals.` : undefined;
  const providerName = ONRAMP_PROVIDERS[provider].name;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!amountOk || !provider || !chain || !asset || !settings || outcome?.kind === 'preparing') return;
    const purchase = { provider, address, chain, asset, amount: amount.trim(), fiatCurrency: fiat };
    const getSessionToken = provider === 'coinbase' ? settings.providers.coinbase?.getSessionToken : undefined;
    if (!getSessionToken) {
      const url = buildOnrampUrl(settings.providers, purchase);
      // Opened in the click itself, so the browser lets the popup through.
      setOutcome({ kind: showInPopup(url, undefined) ? 'opened' : 'blocked', url, provider: providerName });
      return;
    }
    // The token takes a round trip to the integrator's server: open the window in the click, fill it after.
    const popup = window.open('about:blank', 'latch-onramp', POPUP_FEATURES);
    setOutcome({ kind: 'preparing', provider: providerName });
    let url: string;
    try {
      const token = await getSessionToken(sessionRequestFor(purchase));
      if (typeof token !== 'string' || !token) throw invalidOption('no session token came back');
      url = buildOnrampUrl(settings.providers, purchase, token);
    } catch (error) {
      popup?.close();
      setOutcome({ kind: 'failed', provider: providerName, reason: error instanceof Error ? error.message : String(error) });
      return;
    }
    setOutcome({ kind: showInPopup(url, popup) ? 'opened' : 'blocked', url, provider: providerName });
  }

  return (
    <form className="onramp" data-testid="latch-BuyCrypto" onSubmit={submit} noValidate>
      <ViewStyles css={CSS} />
      {available.length > 1 ? (
        <fieldset>
          <legend>Provider</legend>
          {available.map((p) => (
            <label key={p} className="choice">
              <input type="radio" name={`${id}-provider`} value={p} checked={p === provider} onChange={() => setPicked(p)} />
              {ONRAMP_PROVIDERS[p].name} <span className="fee">fee {ONRAMP_PROVIDERS[p].fee}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="note">
          With {providerName} (fee {ONRAMP_PROVIDERS[provider].fee})
        </p>
      )}
      <div className="field">
        <label className="label" htmlFor={`${id}-network`}>
          Network
        </label>
        <select className="input" id={`${id}-network`} value={chain} onChange={(e) => setChain(e.target.value as OnrampChainName)}>
          {chains.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-asset`}>
          Asset
        </label>
        <select className="input" id={`${id}-asset`} value={asset} onChange={(e) => setAsset(e.target.value)}>
          {assets.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      <TextInput
        label={`Amount (${fiat})`}
        inputMode="decimal"
        autoComplete="off"
        placeholder="50"
        value={amount}
        error={amountError}
        onChange={(e) => setAmount(e.target.value)}
        onBlur={() => setTouched(amount !== '')}
      />
      <p className="note">
        {providerName} sends the {asset} to {address}. The purchase shows in Activity once it arrives.
      </p>
      <Button type="submit" variant="primary" block data-testid="latch-onramp-continue">
        Continue to {providerName}
      </Button>
      <div role="status" aria-live="polite">
        {outcome?.kind === 'preparing' && <p className="note">Preparing your {outcome.provider} session…</p>}
        {outcome?.kind === 'opened' && <p className="note">Finish your purchase in the {outcome.provider} window.</p>}
      </div>
      {outcome?.kind === 'failed' && (
        <Alert variant="error">
          {outcome.provider} could not be opened: {outcome.reason}. Try again.
        </Alert>
      )}
      {outcome?.kind === 'blocked' && (
        <Alert variant="error">
          Your browser blocked the {outcome.provider} window.{' '}
          <a href={outcome.url} target="_blank" rel="noopener noreferrer">
            Open {outcome.provider}
          </a>
        </Alert>
      )}
    </form>
  );
}
