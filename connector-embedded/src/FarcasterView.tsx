import { usePluginContext } from '@latch/react';
import { useEffect, useRef, useState } from 'react';
import { renderSVG } from 'uqr';
import { alertFor, type EmbeddedError, initFailed, toEmbeddedError } from './controller.js';
import type { EmbeddedWalletPlugin } from './types.js';
import {
  afterSignIn,
  findPlugin,
  ProviderIcon,
  useCancelOnLeave,
  useController,
  useFocusIn,
  type ViewProps,
  ViewStyles,
} from './viewSupport.js';

/** §9: a Farcaster request left unfinished is cleaned up this long after the view closes. */
export const FARCASTER_CLEANUP_MS = 100;

type OpenRequest = { channelId?: string; done?: boolean };

type Phase = { kind: 'starting' } | { kind: 'waiting'; url: string } | { kind: 'expired' } | { kind: 'failed'; error: EmbeddedError };

/** Whether the page runs on a phone, where the Farcaster app is on the same device. */
const onPhone = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The Sign In With Farcaster request and where it stands; "Try again" starts a new one. Leaving while not connected
 * cancels an open request.
 */
function useFarcasterRequest(plugin: EmbeddedWalletPlugin | undefined) {
  const context = usePluginContext<EmbeddedWalletPlugin>();
  const { controller } = useController(plugin);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [round, setRound] = useState(0);
  // The request open now: its channel once started, and whether it ended (approved, expired, failed).
  const open = useRef<OpenRequest>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is "Try again": each one starts a new request.
  useEffect(() => {
    if (!controller || !plugin) return;
    let live = true;
    const request: OpenRequest = {};
    open.current = request;
    setPhase({ kind: 'starting' });
    controller
      .startFarcaster()
      .then(async (channel) => {
        request.channelId = channel.channelId;
        // Started for a view that already went (or re-ran): nobody will scan it.
        if (!live) return void controller.cancelFarcaster(channel.channelId).catch(() => undefined);
        setPhase({ kind: 'waiting', url: channel.url });
        const action = await controller.waitFarcaster(channel.channelId);
        request.done = true;
        if (live) await afterSignIn(context, plugin, action);
      })
      .catch((caught: unknown) => {
        request.done = true;
        const failure = toEmbeddedError(caught);
        if (!live || failure.code === 'cancelled') return;
        if (failure.code === 'social_init_error') return initFailed(context, plugin);
        if (failure.code === 'farcaster_expired') return setPhase({ kind: 'expired' });
        alertFor(context.feedback, failure);
        setPhase({ kind: 'failed', error: failure });
      });
    return () => {
      live = false;
    };
  }, [controller, plugin, context, round]);

  // §2/§9: leaving while not connected ends the request after 100 ms (a new one starts if the visitor returns).
  useCancelOnLeave(() => {
    const { channelId, done } = open.current;
    if (channelId && !done && controller) void controller.cancelFarcaster(channelId).catch(() => undefined);
  }, FARCASTER_CLEANUP_MS);

  return [phase, () => setRound((n) => n + 1)] as const;
}

/**
 * §2 ConnectingFarcaster: the QR code and link of a Sign In With Farcaster request (through the service's relay),
 * waiting for the visitor's approval in their Farcaster app; an expired request offers a new one.
 */
export default function FarcasterView({ modal, data }: ViewProps) {
  const plugin = findPlugin(modal, (data as { pluginId?: string } | undefined)?.pluginId);
  const [phase, again] = useFarcasterRequest(plugin);
  const [copied, setCopied] = useState(false);
  const qr = useRef<HTMLDivElement>(null);
  const retry = useRef<HTMLButtonElement>(null);
  useFocusIn(qr, phase.kind === 'waiting');
  useFocusIn(retry, phase.kind === 'expired' || phase.kind === 'failed');

  if (!plugin) return <p className="empty">The embedded wallet is not registered in this modal.</p>;

  return (
    <div className="emb emb-center" data-testid="latch-embedded-farcaster" data-state={phase.kind}>
      <ViewStyles />
      {phase.kind === 'waiting' ? (
        <>
          <div
            ref={qr}
            className="emb-qr"
            role="img"
            tabIndex={0}
            aria-label="QR code to sign in with Farcaster: scan it with the Farcaster app on your phone"
            data-testid="latch-embedded-farcaster-qr"
            data-url={phase.url}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of the relay's URL, made here; no outside markup.
            dangerouslySetInnerHTML={{
              __html: renderSVG(phase.url, { ecc: 'M', border: 3, pixelSize: 6, whiteColor: '#ffffff', blackColor: '#000000' }),
            }}
          />
          <p className="emb-note" role="status">
            <span className="spinner" aria-hidden="true" /> Waiting for you to approve in Farcaster…
          </p>
          {onPhone() && /^https?:\/\//.test(phase.url) ? (
            // Only http(s): a link from the relay must never run script in this page (javascript:) on any React version.
            <a className="button primary block" href={phase.url}>
              Open Farcaster
            </a>
          ) : null}
          <button
            type="button"
            className="button block"
            onClick={() =>
              navigator.clipboard?.writeText(phase.url).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Link copied' : 'Copy link'}
          </button>
        </>
      ) : (
        <>
          <ProviderIcon provider="farcaster" size={56} />
          {phase.kind === 'starting' ? (
            <p className="emb-note" role="status">
              <span className="spinner" aria-hidden="true" /> Preparing your Farcaster sign-in…
            </p>
          ) : (
            <>
              <p className="emb-error" role="alert" data-testid="latch-embedded-farcaster-error">
                {phase.kind === 'expired' ? 'The Farcaster request expired' : phase.error.message}
              </p>
              <button type="button" ref={retry} className="button primary block" onClick={again}>
                {phase.kind === 'expired' ? 'Try again' : 'Retry'}
              </button>
            </>
          )}
        </>
      )}
    </div>
  );
}
