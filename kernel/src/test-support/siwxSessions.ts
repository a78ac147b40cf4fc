import type { SiwxConfig } from '../options.js';

/**
 * A `siwx` config whose "server" is a set in the test: the sessions it holds per CAIP-10 account and
 * what it was asked to store. The real client and server are tested together in @latch/siwx.
 */
export function createSiwxSessions(options: { required?: boolean; statement?: string; refuse?: string; fields?: boolean } = {}) {
  const sessions = new Set<string>();
  const stored: { message: string; signature: string }[] = [];
  let issued = 0;
  const config: SiwxConfig = {
    required: options.required,
    async createMessage({ caipNetworkId, address }) {
      issued += 1;
      return {
        message: `app.example.com asks ${caipNetworkId}:${address} to sign in (#${issued})`,
        domain: 'app.example.com',
        statement: options.statement,
        // What a wallet that writes the text itself (`<namespace>:signIn`) is given.
        ...(options.fields ? { fields: { domain: 'app.example.com', address, nonce: `nonce${issued}` } } : {}),
      };
    },
    async addSession({ caipNetworkId, address, message, signature }) {
      if (options.refuse) throw new Error(options.refuse);
      stored.push({ message, signature });
      sessions.add(`${caipNetworkId}:${address}`);
    },
    async getSessions(caipNetworkId, address) {
      return sessions.has(`${caipNetworkId}:${address}`) ? [{ caipNetworkId, address }] : [];
    },
    async setSessions(list) {
      if (list.length === 0) sessions.clear();
    },
  };
  return { config, sessions, stored };
}
