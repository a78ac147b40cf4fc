/* Icons of the account's features; in their views' chunks, not the shell's. Decorative. */
const base = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
};

export const SendIcon = () => (
  <svg {...base}>
    <path d="M7 17 17 7M8 7h9v9" />
  </svg>
);
export const ReceiveIcon = () => (
  <svg {...base}>
    <path d="M17 7 7 17M16 17H7V8" />
  </svg>
);
export const SwapIcon = () => (
  <svg {...base}>
    <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
  </svg>
);
export const BuyIcon = () => (
  <svg {...base}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const SuccessIcon = () => (
  <svg {...base} width={28} height={28}>
    <path d="M20 6 9 17l-5-5" />
  </svg>
);
export const FailureIcon = () => (
  <svg {...base} width={28} height={28}>
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);
