import { type ChainNamespace, type ConnectorPlugin, readErrorMessage } from '@latch/kernel';
import { usePluginContext } from '@latch/react';
import { useEffect, useRef, useState } from 'react';
import { renderSVG } from 'uqr';
import type { WalletConnectPlugin } from './createWalletConnectConnector.js';
import { buildDeepLink, detectPlatform, type DeepLink, type Platform, reusesLivePairing } from './deepLinks.js';
import type { PairingState, SessionController } from './session.js';
import { ViewStyles } from './ViewStyles.js';
import type { WalletConnectWallet } from './walletRegistry.js';

/** What opens this view: the WalletConnect entry (or a registry wallet reached through it). */
export interface ConnectingWalletConnectData {
  name: string;
  icon?: string;
  targets: { id: string; namespace: ChainNamespace }[];
  /** A wallet picked from the registry: its links open it on a phone. */
  wallet?: WalletConnectWallet;
}

type ModalLike = { connect(id: string): Promise<unknown>; readonly options: { readonly connectors?: readonly ConnectorPlugin[] } };

/** A wallet's icon: a data: image, or one the registry parser kept (on the registry's own host); else a monogram. */
export function WalletMark({ name, icon }: { name: string; icon?: string }) {
  if (icon && /^(data:image\/|https?:\/\/)/.test(icon)) return <img className="wallet-icon large" src={icon} alt="" />;
  return <span className="wallet-icon large monogram" aria-hidden="true" data-letter={name.trim().charAt(0).toUpperCase() || '?'} />;
}

function QrImage({ uri, walletName }: { uri: string; walletName: string }) {
  const svg = renderSVG(uri, { ecc: 'M', border: 4, pixelSize: 6, whiteColor: '#ffffff', blackColor: '#000000' });
  return (
    // The code is focusable so a keyboard user reaches (and a screen reader announces) it.
    <div
      className="wc-qr"
      role="img"
      tabIndex={0}
      aria-label={`QR code to connect with ${walletName}: scan it with your phone's wallet app`}
      data-testid="latch-wc-qr"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of the pairing URI, made here; no outside markup.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/** On a phone with no wallet chosen yet: the registry's wallets, each a link that opens the pairing in it. */
function PhoneWallets({ plugin, uri, platform }: { plugin: WalletConnectPlugin; uri: string; platform: Platform }) {
  const [wallets, setWallets] = useState<WalletConnectWallet[]>([]);
  useEffect(() => {
    let live = true;
    plugin.wallets?.({}).then(
      (list) => live && setWallets(list.map((w) => w.data as WalletConnectWallet)),
      () => undefined, // the QR code and Copy link still work
    );
    return () => {
      live = false;
    };
  }, [plugin]);
  const links = wallets.flatMap((wallet) => {
    const link = buildDeepLink(wallet, uri, platform);
    return link ? [{ wallet, link }] : [];
  });
  if (links.length === 0) return null;
  return (
    <ul className="list wc-phone-wallets" aria-label="Open in a wallet app" data-testid="latch-wc-phone-wallets">
      {links.slice(0, 6).map(({ wallet, link }) => (
        <li key={wallet.id}>
          <a className="row" href={link.href}>
            <span className="name">Open in {wallet.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Countdown({ expiresAt }: { expiresAt: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.round((expiresAt - now) / 1000));
  return (
    <p className="wc-note">
      Valid for {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
    </p>
  );
}

/** Opened with no wallet chosen (ConnectingWalletConnectBasic): the modal's first WalletConnect connector. */
function basicData(modal: ModalLike): ConnectingWalletConnectData {
  const plugin = modal.options.connectors?.find((c) => 'walletConnect' in c);
  const targets = plugin ? [{ id: plugin.id, namespace: plugin.namespaces?.[0] ?? 'eip155' }] : [];
  return { name: plugin?.name ?? 'WalletConnect', icon: plugin?.icon, targets };
}

/**
 * The pairing and where it stands: the session controller loaded, a connect() per attempt (Copy link's message
 * cleared), abandoned when the view goes. §4: on Telegram and iOS Safari the pairing outlives this view, and a visit
 * while it is live reuses it. Returns the state and a function that starts a new attempt.
 */
function usePairing(modal: ModalLike, plugin: WalletConnectPlugin | undefined, pluginId: string, setCopied: (text: string) => void) {
  const [controller, setController] = useState<SessionController>();
  const [state, setState] = useState<PairingState>({ status: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const [reuse] = useState(
    () =>
      typeof navigator !== 'undefined' &&
      reusesLivePairing(navigator.userAgent, navigator.maxTouchPoints, 'TelegramWebviewProxy' in globalThis || 'Telegram' in globalThis),
  );

  useEffect(() => {
    if (!plugin) return;
    let live = true;
    let off: (() => void) | undefined;
    plugin.walletConnect.controller().then(
      (c) => {
        if (!live) return;
        setController(c);
        off = c.subscribe(setState);
      },
      () => live && setState({ status: 'failed', reason: 'error', message: 'WalletConnect could not be loaded. Check your connection.' }),
    );
    return () => {
      live = false;
      off?.();
    };
  }, [plugin]);

  useEffect(() => {
    if (!controller || started.current === attempt) return;
    started.current = attempt;
    setCopied('');
    const live = reuse && attempt === 0 ? controller.livePairing() : undefined;
    if (live) {
      // The earlier visit's connect() is still waiting for this pairing: show its URI, ask for nothing new.
      setState(live);
      return;
    }
    modal.connect(pluginId).catch((error: unknown) => {
      // The controller reports its own failures; anything else (an adapter refusing the session) is shown as is.
      if (controller.state.status !== 'failed') setState({ status: 'failed', reason: 'error', message: readErrorMessage(error) });
    });
  }, [controller, attempt, modal, pluginId, reuse, setCopied]);

  // Leaving the view abandons a pairing still waiting for the phone (kept live where §4 reuses it).
  useEffect(() => () => (reuse && controller?.state.status === 'waiting' ? undefined : controller?.cancel()), [controller, reuse]);

  return [state, () => setAttempt((n) => n + 1)] as const;
}

/** §2/§4 WalletConnect pairing: QR code, Copy link, deep link on a phone; waiting, declined, expired, error. */
export default function ConnectingWalletConnectView({ modal, data }: { modal: ModalLike; data?: unknown }) {
  const chosen = (data as ConnectingWalletConnectData | undefined) ?? basicData(modal);
  const pluginId = chosen.targets[0]?.id ?? 'walletconnect';
  const plugin: WalletConnectPlugin | undefined = usePluginContext<WalletConnectPlugin>().plugin;
  const [copied, setCopied] = useState('');
  const [state, retry] = usePairing(modal, plugin, pluginId, setCopied);
  const walletName = chosen.wallet?.name ?? chosen.name;

  if (!plugin) return <p className="empty">WalletConnect is not registered in this modal.</p>;

  const platform = typeof navigator === 'undefined' ? 'desktop' : detectPlatform(navigator.userAgent, navigator.maxTouchPoints);
  const uri = state.status === 'waiting' ? state.uri : undefined;
  // Built before the tap: iOS only follows a link the visitor taps, not one opened from an async callback.
  let deepLink: DeepLink | undefined;
  if (uri && chosen.wallet) deepLink = buildDeepLink(chosen.wallet, uri, platform);

  async function copy() {
    if (!uri) return;
    try {
      await navigator.clipboard.writeText(uri);
      setCopied('Link copied');
    } catch {
      setCopied('The link could not be copied: allow clipboard access, or scan the QR code.');
    }
  }

  return (
    <div className="center wc" data-testid="latch-wc" data-state={state.status === 'failed' ? state.reason : state.status}>
      <ViewStyles />
      <div className="wc-wallet">
        <WalletMark name={walletName} icon={chosen.wallet?.icon ?? chosen.icon} />
        <span className="wc-wallet-name">{walletName}</span>
      </div>
      {state.status === 'waiting' ? (
        <>
          {platform !== 'desktop' && !chosen.wallet ? <PhoneWallets plugin={plugin} uri={state.uri} platform={platform} /> : null}
          {platform === 'desktop' || !deepLink ? <QrImage uri={state.uri} walletName={walletName} /> : null}
          {deepLink ? (
            <a className="button primary block" href={deepLink.href} data-testid="latch-wc-open" data-autofocus>
              Open {walletName}
            </a>
          ) : null}
          <div role="status" aria-live="polite">
            <h3>{deepLink ? `Continue in ${walletName}` : platform === 'desktop' ? 'Scan with your phone' : 'Open your wallet app'}</h3>
            <p>
              {deepLink
                ? `Approve the connection in ${walletName}, then come back to this page.`
                : platform === 'desktop'
                  ? 'Open your wallet app, scan this code, and approve the connection.'
                  : 'Pick your wallet app, approve the connection, then come back to this page. Or scan this code from another device.'}
            </p>
          </div>
          <Countdown expiresAt={state.expiresAt} />
          <button type="button" className="button" onClick={copy} data-testid="latch-wc-copy" data-autofocus={deepLink ? undefined : true}>
            Copy link
          </button>
          <p className="sr-only" role="status" aria-live="polite" data-testid="latch-wc-copied">
            {copied}
          </p>
          {copied && copied !== 'Link copied' ? <p className="wc-note error-text">{copied}</p> : null}
        </>
      ) : state.status === 'failed' ? (
        <Failed state={state} walletName={walletName} retry={retry} />
      ) : state.status === 'approved' ? (
        <p role="status">Connected</p>
      ) : (
        <div role="status" className="wc-starting">
          <span className="spinner" aria-hidden="true" />
          <p>Preparing the QR code…</p>
        </div>
      )}
    </div>
  );
}

/** Why the pairing ended (declined, expired, cancelled, failed), and a button that starts a new one. */
function Failed({ state, walletName, retry }: { state: Extract<PairingState, { status: 'failed' }>; walletName: string; retry(): void }) {
  return (
    <>
      <div role="alert">
        {state.reason === 'declined' ? (
          <>
            <h3 className="error-text">Connection declined</h3>
            <p>The request was declined in {walletName}. You can try again.</p>
          </>
        ) : state.reason === 'expired' ? (
          <>
            <h3 className="error-text">QR code expired</h3>
            <p>The connection request expired. Get a new QR code to try again.</p>
          </>
        ) : state.reason === 'cancelled' ? (
          <>
            <h3>Connection cancelled</h3>
            <p>Start again to get a new QR code.</p>
          </>
        ) : (
          <>
            <h3 className="error-text">Connection failed</h3>
            <p>{state.message}</p>
          </>
        )}
      </div>
      <button type="button" className="button primary" data-autofocus onClick={retry}>
        {state.reason === 'expired' ? 'Get a new QR code' : 'Try again'}
      </button>
    </>
  );
}
