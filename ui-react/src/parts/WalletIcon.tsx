/** A wallet's icon: its own image when it is a data: URI (no request), else a monogram. */
export function WalletIcon({ name, icon, large = false }: { name: string; icon?: string; large?: boolean }) {
  const className = large ? 'wallet-icon large' : 'wallet-icon';
  if (icon?.startsWith('data:image/')) return <img className={className} src={icon} alt="" />;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return (
    // The letter is CSS content, not text, so it never becomes part of a button's accessible name.
    <span
      className={`${className} monogram`}
      aria-hidden="true"
      data-letter={name.trim().charAt(0).toUpperCase() || '?'}
      // Inline: the colour comes from the wallet's name.
      style={{ background: `hsl(${hue} 55% 38%)` }}
    />
  );
}
