import { correction, generate } from 'lean-qr';
import { useMemo } from 'react';

/** The QR code's modules as one SVG path: one `h` run per row of dark modules. */
function modulePath(text: string): { size: number; path: string } {
  const code = generate(text, { minCorrectionLevel: correction.M });
  let path = '';
  for (let y = 0; y < code.size; y++) {
    let x = 0;
    while (x < code.size) {
      if (!code.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < code.size && code.get(x, y)) x++;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return { size: code.size, path };
}

/**
 * A QR code drawn as SVG in the shadow root (no canvas, no image request). Dark on light in both
 * themes with a 4-module quiet zone, as scanners expect.
 */
export function QrCode({ value, label, size = 220 }: { value: string; label: string; size?: number }) {
  const { size: modules, path } = useMemo(() => modulePath(value), [value]);
  const quiet = 4;
  const box = modules + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      className="qr"
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
