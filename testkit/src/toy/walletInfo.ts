import type { ToyWalletInfo } from './walletTypes.js';

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f5a524"/>' +
  '<path d="M9 10h14v4h-5v10h-4V14H9z" fill="#1b1b1f"/></svg>';

/** The default toy wallet icon, an inline SVG. */
export const TOY_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent(ICON_SVG)}`;

export const TOY_WALLET_INFO: ToyWalletInfo = Object.freeze({ id: 'io.latch.toywallet', name: 'Latch Toy Wallet', icon: TOY_WALLET_ICON });
