import { avatarColors } from '@latch/kernel';

/** ENS avatar when there is one, else a gradient from the address's colours (§9). */
export function Avatar({ address, image, size = 64 }: { address: string; image?: string; size?: number }) {
  const style = { width: size, height: size, borderRadius: '50%', flex: 'none' as const, display: 'inline-block' };
  if (image) return <img src={image} alt="" width={size} height={size} style={{ ...style, objectFit: 'cover' }} />;
  const [c0, c1, c2, c3, c4] = avatarColors(address);
  const background = `radial-gradient(75% 75% at 65% 20%, ${c4} 0%, ${c2} 45%, ${c0} 100%), linear-gradient(${c1}, ${c3})`;
  return <span aria-hidden="true" style={{ ...style, background }} />;
}
