import { useEffect, useState } from 'react';

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
