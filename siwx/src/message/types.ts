/**
 * The fields of a CAIP-122 sign-in message (EIP-4361 on eip155, Sign In With Solana on solana).
 * Times are RFC 3339 strings, kept as written so a parsed message rebuilds to the same text.
 */
export interface SiwxMessage {
  /**
   * The URI scheme of the page asking (`http`), written before the domain (`http://127.0.0.1:5173 wants
   * you…`); absent means https, as EIP-4361 says.
   */
  scheme?: string;
  /** The RFC 3986 authority asking for the sign-in: `app.example.com`, `127.0.0.1:5173`. */
  domain: string;
  /** The account's address in its namespace's own format. */
  address: string;
  /** One line the wallet shows the visitor; no line breaks. */
  statement?: string;
  /** The resource the sign-in is for, usually the app's origin. */
  uri: string;
  version: '1';
  /** CAIP-2 id of the network the account signs on (`eip155:1`, `solana:5eykt4…`). */
  caipNetworkId: string;
  /** At least 8 letters or digits, issued by the server and used once. */
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: readonly string[];
}
