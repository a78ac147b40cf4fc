/* Icons of the account's features; in their views' chunks, not the shell's. Decorative. */
import { strokeIcon } from './strokeIcon.js';

export const SendIcon = strokeIcon(18, 'M7 17 17 7M8 7h9v9');
export const ReceiveIcon = strokeIcon(18, 'M17 7 7 17M16 17H7V8');
export const SwapIcon = strokeIcon(18, 'M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4');
export const BuyIcon = strokeIcon(18, 'M12 5v14M5 12h14');
export const SuccessIcon = strokeIcon(28, 'M20 6 9 17l-5-5');
export const FailureIcon = strokeIcon(28, 'M18 6 6 18M6 6l12 12');
