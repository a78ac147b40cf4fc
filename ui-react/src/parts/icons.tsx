/* Small inline icons: no icon font and no image request. Decorative unless labelled. */
import { strokeIcon } from './strokeIcon.js';

export const CloseIcon = strokeIcon(20, 'M18 6 6 18M6 6l12 12');
export const BackIcon = strokeIcon(20, 'm15 18-6-6 6-6');
export const CopyIcon = strokeIcon(
  16,
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </>,
);
export const ExternalIcon = strokeIcon(16, 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5');
export const ChevronIcon = strokeIcon(16, 'm9 18 6-6-6-6');
export const LogoutIcon = strokeIcon(16, 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
export const CheckIcon = strokeIcon(16, 'M20 6 9 17l-5-5');
