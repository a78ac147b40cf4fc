import { useLayoutEffect, useRef } from 'react';

const CSS = `
.wc { gap: 10px; }
.wc-wallet { display: flex; flex-direction: column; align-items: center; gap: 6px; }
.wc-wallet-name { font-weight: 600; }
.wc-qr { width: 240px; height: 240px; padding: 0; border-radius: calc(var(--latch-radius) * 3); overflow: hidden; background: #fff; }
.wc-qr svg { display: block; width: 100%; height: 100%; }
.wc-qr:focus-visible { outline: 3px solid var(--latch-color-accent); outline-offset: 3px; }
.wc-note { color: var(--latch-color-muted); margin: 0; font-size: 13px; }
.wc-starting { display: flex; flex-direction: column; align-items: center; gap: 8px; }
.wc-phone-wallets { width: 100%; }
`;

/** Adds the connector's stylesheet to the modal's shadow root once. */
export function ViewStyles() {
  const marker = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const root = marker.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    if ([...root.querySelectorAll('style')].some((s) => s.dataset.latchCss === 'walletconnect')) return;
    const style = document.createElement('style');
    style.dataset.latchCss = 'walletconnect';
    style.textContent = CSS;
    root.appendChild(style);
  }, []);
  return <span ref={marker} hidden />;
}
