import { avatarColors } from '@latch/kernel';
import { isAllowedImage } from './allowedImage.js';

/**
 * ENS avatar when there is one and `imageHosts` allows it (no request to a host nobody configured),
 * else a gradient from the address's colours (§9).
 */
export function Avatar({
  address,
  image,
  hosts,
  size = 64,
}: {
  address: string;
  image?: string;
  hosts: readonly string[] | undefined;
  size?: number;
}) {
  // Inline styles: ConnectButton shows it in the host page, where the modal's stylesheet does not reach; the
  // size is the caller's, the gradient comes from the address.
  const style = { width: size, height: size, borderRadius: '50%', flex: 'none' as const, display: 'inline-block' };
  if (isAllowedImage(image, hosts)) return <img src={image} alt="" width={size} height={size} style={{ ...style, objectFit: 'cover' }} />;
  const [c0, c1, c2, c3, c4] = avatarColors(address);
  // Inline: see above (host page, caller's size, the address's colours).
  const background = `radial-gradient(75% 75% at 65% 20%, ${c4} 0%, ${c2} 45%, ${c0} 100%), linear-gradient(${c1}, ${c3})`;
  return <span aria-hidden="true" style={{ ...style, background }} />;
}
