import type { TokenBalance } from '@latch/kernel';
import type { LatchModal } from '../createModal.js';
import { isAllowedImage } from './allowedImage.js';

/** A token's icon from an allowed host (`imageHosts`) or a data: URI; else its first letter. */
export function TokenIcon({
  modal,
  token,
  size = 32,
}: {
  modal: LatchModal;
  token: Pick<TokenBalance, 'symbol' | 'iconUrl'>;
  size?: number;
}) {
  if (isAllowedImage(token.iconUrl, modal.options.imageHosts)) {
    return <img src={token.iconUrl} alt="" width={size} height={size} style={{ borderRadius: '50%', flex: 'none' }} />;
  }
  return (
    <span
      aria-hidden="true"
      className="wallet-icon monogram"
      data-letter={token.symbol.charAt(0).toUpperCase() || '?'}
      style={{ width: size, height: size, borderRadius: '50%', color: 'var(--fg)', fontSize: Math.round(size * 0.45) }}
    />
  );
}
