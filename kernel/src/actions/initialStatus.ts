import type { ConnectionStatus } from '../types.js';

/** §4: a page that was connected starts "connecting" until the stored session is restored. */
export function initialConnectionStatus(stored: ConnectionStatus | undefined): ConnectionStatus {
  return stored === 'connected' ? 'connecting' : (stored ?? 'disconnected');
}
