import { LatchError } from '../primitives.js';

export const CONNECTOR_ERRORS = Object.freeze({
  CHAIN_NOT_CONFIGURED: 'Chain not configured',
  ALREADY_CONNECTED: 'Connector already connected',
  NOT_CONNECTED: 'Connector not connected',
  ACCOUNT_NOT_FOUND: 'Account not found for connector',
  CHAIN_MISMATCH: "The connector's current chain does not match the connection's chain",
  UNAVAILABLE_WHILE_RECONNECTING: 'Connector unavailable while reconnecting',
} as const);

export type ConnectorErrorKind = keyof typeof CONNECTOR_ERRORS;

/** A CONNECTOR_ERROR LatchError; `detail` (e.g. the connector name or chain id) follows after a colon. */
export function connectorError(kind: ConnectorErrorKind, detail?: string): LatchError {
  const base = CONNECTOR_ERRORS[kind];
  return new LatchError(detail ? `${base}: ${detail}` : base, { category: 'CONNECTOR_ERROR' });
}
