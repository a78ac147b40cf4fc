import type { TokenBalance } from '@latch/kernel';
import type { LatchModal } from '../createModal.js';
import { isAllowedImage } from './allowedImage.js';
import { usePreloadedImage } from './remoteImage.js';

/**
 * A token's icon from an allowed host (`imageHosts`) or a data: URI, shown once loaded (a blank disc until then);
 * else, or when it fails or takes over 2 s, its first letter.
 */
export function TokenIcon({
  modal,
  token,
  size = 32,
}: {
  modal: LatchModal;
  token: Pick<TokenBalance, 'symbol' | 'iconUrl'>;
  size?: number;
}) {
  const state = usePreloadedImage(isAllowedImage(token.iconUrl, modal.options.imageHosts) ? token.iconUrl : undefined);
  // Inline: only the size, which the caller chooses (the letter scales with it).
  const disc = { width: size, height: size } as const;
  if (state === 'ready') return <img className="token-icon" src={token.iconUrl} alt="" width={size} height={size} style={disc} />;
  return (
    <span
      aria-hidden="true"
      className={state === 'loading' ? 'wallet-icon token-icon' : 'wallet-icon token-icon monogram'}
      data-letter={state === 'loading' ? undefined : token.symbol.charAt(0).toUpperCase() || '?'}
      // Inline: the size, as above.
      style={{ ...disc, fontSize: Math.round(size * 0.45) }}
    />
  );
}
