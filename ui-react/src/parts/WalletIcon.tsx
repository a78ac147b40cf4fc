/** A wallet's icon: its own image when it is a data: URI (no request), else a monogram. */
export function WalletIcon({ name, icon, large = false }: { name: string; icon?: string; large?: boolean }) {
  const className = large ? 'wallet-icon large' : 'wallet-icon';
  if (icon && icon.startsWith('data:image/')) return <img className={className} src={icon} alt="" />;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return (
    <span
      className={className}
      aria-hidden="true"
      style={{
        display: 'inline-flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700,
        fontSize: large ? 28 : 15, color: '#ffffff', background: `hsl(${hue} 55% 38%)`,
      }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
