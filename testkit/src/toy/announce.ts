import { TOY_ANNOUNCE_EVENT, TOY_REQUEST_EVENT } from './protocol.js';
import type { ToyWallet } from './walletTypes.js';

/**
 * Makes a toy wallet discoverable the way extensions do it with EIP-6963: it announces a frozen `{ info, wallet }`
 * at once and again on every `toy:requestWallet`, so discovery works whichever side loads first. Returns an uninstall.
 */
export function installToyWallet(wallet: ToyWallet, target: EventTarget = window): () => void {
  const detail = Object.freeze({ info: wallet.info, wallet });
  const announce = () => target.dispatchEvent(new CustomEvent(TOY_ANNOUNCE_EVENT, { detail }));
  target.addEventListener(TOY_REQUEST_EVENT, announce);
  announce();
  return () => target.removeEventListener(TOY_REQUEST_EVENT, announce);
}
