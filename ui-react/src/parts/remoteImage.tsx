import type { ConnectorWallet } from '@latch/kernel';
import { useEffect, useState } from 'react';
import { WalletIcon } from './WalletIcon.js';

/** How long a remote image may take before the modal gives up on it and keeps the fallback (§9). */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000;

export type ImageState = 'loading' | 'ready' | 'failed';

const initialState = (src: string | undefined): ImageState => (!src ? 'failed' : src.startsWith('data:') ? 'ready' : 'loading');

/**
 * Loads a remote image off screen before it is shown: 'ready' once it has loaded, 'failed' when it errs or has
 * not loaded within 2 s (the request is then dropped), so a host that never answers leaves a fallback, not a
 * blank. data: images are 'ready' at once (nothing to fetch); no `src` is 'failed'.
 */
export function usePreloadedImage(src: string | undefined): ImageState {
  const [state, setState] = useState(() => initialState(src));
  useEffect(() => {
    setState(initialState(src));
    if (!src || src.startsWith('data:')) return;
    const image = new Image();
    image.referrerPolicy = 'no-referrer';
    const settle = (next: ImageState) => {
      clearTimeout(timer);
      image.onload = image.onerror = null;
      if (next === 'failed') image.removeAttribute('src');
      setState(next);
    };
    const timer = setTimeout(() => settle('failed'), IMAGE_PRELOAD_TIMEOUT_MS);
    image.onload = () => settle('ready');
    image.onerror = () => settle('failed');
    image.src = src;
    return () => {
      clearTimeout(timer);
      image.onload = image.onerror = null;
    };
  }, [src]);
  return state;
}

/**
 * A wallet a connector plugin lists: its icon may be an http(s) URL on a host the integrator chose (the plugin
 * checked it, e.g. WalletConnect's registry host). Loaded first without a referrer and shown once loaded (a blank
 * tile until then); a monogram when it fails or takes over 2 s.
 */
export function RemoteWalletIcon({ wallet }: { wallet: ConnectorWallet }) {
  const remote = /^https?:\/\//.test(wallet.icon ?? '');
  const state = usePreloadedImage(remote ? wallet.icon : undefined);
  if (state === 'ready') return <img className="wallet-icon" src={wallet.icon} alt="" referrerPolicy="no-referrer" />;
  if (state === 'loading') return <span className="wallet-icon" aria-hidden="true" />;
  return <WalletIcon name={wallet.name} icon={wallet.icon} />;
}
