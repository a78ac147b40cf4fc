import type { ReactNode } from 'react';

/**
 * A small inline stroke icon (no icon font, no image request), decorative: `aria-hidden`. One factory
 * for every icon file, so each file stays in the chunk of the views that use it.
 */
export function strokeIcon(size: number, shape: string | ReactNode) {
  return function Icon() {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
      >
        {typeof shape === 'string' ? <path d={shape} /> : shape}
      </svg>
    );
  };
}
