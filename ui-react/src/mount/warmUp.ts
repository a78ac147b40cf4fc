import { allConnectorsAtom, getInternals } from '@latch/kernel/internal';
import type { LatchModal } from '../createModal.js';
import { themeStyle } from '../theme/theme.js';
import { themeAtom } from '../theme/themeAtom.js';

/*
 * The first open of a page pays for more than the modal's own render: resolving the fonts of each
 * text size and weight the modal uses, and decoding the wallets' SVG icons. Done while preloading
 * (hover or idle), off screen and hidden from assistive technology, the click that follows pays only
 * for the modal itself, and its first frame shows the wallet list (issue 15).
 */
export function warmUp(modal: LatchModal, shadow: ShadowRoot): void {
  const { store } = getInternals(modal);
  const theme = store.get(themeAtom);
  const sample = document.createElement('div');
  sample.className = 'latch-root';
  sample.dataset.theme = theme.mode;
  sample.setAttribute('aria-hidden', 'true');
  sample.setAttribute('inert', '');
  for (const [name, value] of Object.entries(themeStyle(theme.variables))) sample.style.setProperty(name, value);
  Object.assign(sample.style, { position: 'fixed', left: '-10000px', top: '0', visibility: 'hidden', pointerEvents: 'none' });
  sample.innerHTML =
    '<div class="dialog"><div class="header"><span></span><h2>Connect Wallet</h2><span></span></div>' +
    '<div class="body"><ul class="list"><li><span class="row"><span class="name">Wallet</span><span class="tag">Installed</span></span></li></ul>' +
    '<p class="empty">No wallet</p><p class="muted">By connecting</p><strong>Balance</strong></div></div>';
  shadow.appendChild(sample);
  sample.getBoundingClientRect();
  const icons = store.get(allConnectorsAtom).flatMap((c) => (c.icon?.startsWith('data:image/') ? [c.icon] : []));
  const decoding = icons.slice(0, 8).map((src) => {
    const image = new Image();
    image.src = src;
    return image.decode().catch(() => undefined);
  });
  void Promise.all(decoding).then(() => requestAnimationFrame(() => sample.remove()));
}
