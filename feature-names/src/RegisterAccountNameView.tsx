import {
  ERROR_FETCHING_NAME_SUGGESTIONS_MESSAGE,
  ERROR_RESOLVING_NAME_MESSAGE,
  errorRegisteringName,
  isUserRejection,
  SIGNATURE_DECLINED_MESSAGE,
} from '@latch/kernel';
import { Alert, Button, usePluginContext } from '@latch/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { NamesPlugin } from './createNamesPlugin.js';
import { nameLabelProblem } from './nameRules.js';
import { registerName } from './registerName.js';
import { REGISTER_ACCOUNT_NAME_SUCCESS_VIEW } from './settings.js';
import { Styles } from './viewSupport.js';

/** Typing pauses this long before the service is asked (suggestions, availability). */
export const NAME_CHECK_DELAY_MS = 300;

type Check =
  | { label: string; state: 'checking' }
  | { label: string; state: 'available' | 'taken'; suggestions: string[]; suggestionsFailed?: boolean }
  | { label: string; state: 'failed'; message: string };

// long: split (the name check as a hook; the note, the suggestions and the signing status as components), it cost
// the view's lazy chunk 134 bytes gzip and took it over its 3,328-byte budget (3,379)
/** §2 RegisterAccountName: pick a name (§5 rules, suggestions, availability), sign and register it. */
export default function RegisterAccountNameView() {
  const context = usePluginContext<NamesPlugin>();
  const { plugin, router } = context;
  const account = context.getAccount();
  const network = context.getNetwork();
  const namespace = network?.chainNamespace;
  const service = plugin.dataServices?.names;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState('');
  const [touched, setTouched] = useState(false);
  const [check, setCheck] = useState<Check | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const suffix = plugin.names.suffix;
  const typed = label.trim().toLowerCase();
  const problem = nameLabelProblem(typed);
  const fullName = `${typed}.${suffix}`;

  // Suggestions while typing, and whether a valid name is free: one request pair per pause.
  useEffect(() => {
    if (!service || !typed || !/^[a-z0-9-]+$/.test(typed)) {
      setCheck(undefined);
      return;
    }
    let live = true;
    setCheck({ label: typed, state: 'checking' });
    const timer = setTimeout(() => {
      const name = `${typed}.${suffix}`;
      const suggestions = service.getSuggestions(typed).then(
        (list) => ({ list: list.filter((s) => s !== name), failed: false }),
        () => ({ list: [] as string[], failed: true }),
      );
      const taken = nameLabelProblem(typed) ? Promise.resolve(false) : service.resolveName(name).then((addresses) => addresses.length > 0);
      Promise.all([taken, suggestions]).then(
        ([isTaken, found]) =>
          live &&
          setCheck({ label: typed, state: isTaken ? 'taken' : 'available', suggestions: found.list, suggestionsFailed: found.failed }),
        () => live && setCheck({ label: typed, state: 'failed', message: ERROR_RESOLVING_NAME_MESSAGE }),
      );
    }, NAME_CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [service, typed, suffix]);

  if (!account?.address || !namespace || !network) return <p className="empty">No wallet is connected.</p>;
  if (!service) return <p className="empty">Names are not configured.</p>;
  // §9: names are an eip155 feature.
  if (namespace !== 'eip155') return <p className="empty">Names are available for EVM accounts only.</p>;
  const address = account.address;
  const caipNetworkId = network.caipNetworkId;
  const current = check?.label === typed ? check : undefined;
  const shownProblem = (touched || label.length >= 4) && typed ? problem : touched && !typed ? 'Enter a name' : undefined;
  const takenMessage = current?.state === 'taken' ? `${fullName} is already taken` : undefined;
  const fieldError = shownProblem ?? takenMessage;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setFailure(undefined);
    if (!typed || problem || current?.state === 'taken' || pending || !service) {
      input.current?.focus();
      return;
    }
    setPending(true);
    try {
      await registerName(context, service, plugin.names, {
        name: fullName,
        namespace: 'eip155',
        address,
        caipNetworkId,
      });
      router.replace(REGISTER_ACCOUNT_NAME_SUCCESS_VIEW, { name: fullName });
    } catch (error) {
      // §4: on failure the visitor stays here, with the reason.
      setFailure(
        isUserRejection(error)
          ? SIGNATURE_DECLINED_MESSAGE
          : error instanceof Error && error.message
            ? error.message
            : errorRegisteringName(fullName),
      );
      setPending(false);
    }
  }

  const suggestions = current && 'suggestions' in current ? current.suggestions : [];
  return (
    <form className="names" data-testid="latch-RegisterAccountName" onSubmit={(e) => void submit(e)} noValidate>
      <Styles />
      <p className="note">Choose a name for {address}. Others can send to it instead of your address.</p>
      <div className="field">
        <label className="label" htmlFor={`${id}-name`}>
          Name
        </label>
        <div className="name-input" data-invalid={fieldError ? 'true' : undefined}>
          <input
            ref={input}
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="yourname"
            value={label}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-suffix ${id}-name-note`}
            onChange={(e) => {
              setLabel(e.target.value);
              setFailure(undefined);
            }}
            onBlur={() => setTouched(label !== '')}
            disabled={pending}
          />
          <span className="suffix" id={`${id}-suffix`}>
            .{suffix}
          </span>
        </div>
        <div id={`${id}-name-note`} aria-live="polite">
          {fieldError ? (
            <p className="note error" data-testid="latch-name-problem">
              {fieldError}
            </p>
          ) : current?.state === 'available' ? (
            <p className="note ok" data-testid="latch-name-available">
              {fullName} is available
            </p>
          ) : current?.state === 'checking' && !problem ? (
            <p className="note">Checking {fullName}…</p>
          ) : current?.state === 'failed' ? (
            <p className="note error">{current.message}</p>
          ) : (
            <p className="note">Letters, digits and hyphens; at least 4 characters.</p>
          )}
        </div>
      </div>
      {suggestions.length > 0 ? (
        <section aria-labelledby={`${id}-suggestions`}>
          <h3 className="label" id={`${id}-suggestions`}>
            Suggestions
          </h3>
          <ul className="suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  onClick={() => {
                    setLabel(suggestion.slice(0, -suffix.length - 1));
                    input.current?.focus();
                  }}
                >
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : current && 'suggestionsFailed' in current && current.suggestionsFailed ? (
        <p className="note error">{ERROR_FETCHING_NAME_SUGGESTIONS_MESSAGE}</p>
      ) : null}
      <Button type="submit" variant="primary" block disabled={pending} data-testid="latch-register-name">
        {pending ? 'Waiting for your wallet…' : 'Register name'}
      </Button>
      <div role="status" aria-live="polite">
        {pending ? <p className="note">Sign the message in your wallet to register {fullName}.</p> : null}
      </div>
      {failure ? (
        <Alert variant="error" data-testid="latch-name-error">
          {failure}
        </Alert>
      ) : null}
    </form>
  );
}
