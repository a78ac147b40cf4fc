import type { SiwxConfig } from '@latch/kernel';

export interface SiwxSessionsOptions {
  required?: boolean;
  statement?: string;
  refuse?: string;
  fields?: boolean;
  /** Sessions end this long after they are stored (by `Date.now`, which fake timers move); default: never. */
  ttlMs?: number;
  /** Leave `revokeSessions` out: an AppKit-shaped config with `setSessions` only. */
  withoutRevoke?: boolean;
}

/**
 * A `siwx` config whose "server" is a set in the test: the sessions it holds per CAIP-10 account
 * (`eip155:1:0x…`), when each ends, and what it was asked to store or forget. The real client and
 * server are tested together in @latch/siwx.
 */
export function createSiwxSessions(options: SiwxSessionsOptions = {}) {
  const sessions = new Set<string>();
  const ends = new Map<string, number>();
  const stored: { message: string; signature: string }[] = [];
  const calls: string[] = [];
  let issued = 0;
  const live = (key: string) => {
    const end = ends.get(key);
    if (end !== undefined && end <= Date.now()) sessions.delete(key);
    return sessions.has(key);
  };
  const session = (key: string) => {
    const end = ends.get(key);
    const at = key.lastIndexOf(':');
    return {
      caipNetworkId: key.slice(0, at),
      address: key.slice(at + 1),
      ...(end === undefined ? {} : { expiresAt: new Date(end).toISOString() }),
    };
  };
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
      const key = `${caipNetworkId}:${address}`;
      sessions.add(key);
      if (options.ttlMs !== undefined) ends.set(key, Date.now() + options.ttlMs);
      return session(key);
    },
    async getSessions(caipNetworkId, address) {
      const key = `${caipNetworkId}:${address}`;
      return live(key) ? [session(key)] : [];
    },
    async setSessions(list) {
      calls.push(`setSessions(${list.length})`);
      const kept = new Set(list.map((s) => `${(s as { caipNetworkId: string }).caipNetworkId}:${(s as { address: string }).address}`));
      for (const key of sessions) if (!kept.has(key)) sessions.delete(key);
    },
    ...(options.withoutRevoke
      ? {}
      : {
          async revokeSessions(accounts) {
            calls.push(`revokeSessions(${accounts.map((a) => `${a.namespace}:${a.address}`).join(', ')})`);
            for (const key of sessions) {
              if (accounts.some((a) => key.startsWith(`${a.namespace}:`) && key.endsWith(`:${a.address}`))) sessions.delete(key);
            }
          },
        }),
  };
  return { config, sessions, stored, calls };
}
