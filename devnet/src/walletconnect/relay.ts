import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { RelayAuthError, verifyRelayAuth } from './relayAuth.js';
import type { RelayedMessage } from './relayMailbox.js';
import { type RelayConnection, RelayRouter } from './relayProtocol.js';

export interface WalletConnectRelayOptions {
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** How often the relay pings each socket; WalletConnect clients in Node drop a socket that stays silent. Default 10 s. */
  pingIntervalMs?: number;
}

export interface WalletConnectRelay {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` for SignClient, UniversalProvider and the test wallet. */
  readonly url: string;
  readonly port: number;
  /** Every message clients published (irn_publish, irn_batchPublish, wc_proposeSession, wc_approveSession), in order. */
  readonly messages: readonly RelayedMessage[];
  /** Every JSON-RPC method clients called, in order. */
  readonly methodsCalled: readonly string[];
  /** Open client sockets right now. */
  connectionCount(): number;
  /** Drops every socket and answers new connections with HTTP 503 until `resume()`; the port stays bound. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Service Unavailable'}\r\n` +
      `Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * A WalletConnect relay on 127.0.0.1 that speaks the hosted relay's JSON-RPC over WebSocket (publish, subscribe,
 * `irn_subscription` delivery with acknowledgements, a TTL-bound store for clients that subscribe later, the 2.25
 * relay-level session proposal methods). Clients authenticate with their did:key JWT, checked offline.
 */
export async function startWalletConnectRelay(options: WalletConnectRelayOptions = {}): Promise<WalletConnectRelay> {
  const router = new RelayRouter();
  const sockets = new Set<WebSocket>();
  let paused = false;
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('WalletConnect relay: connect with a WebSocket\n');
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (paused) {
      refuse(socket, 503, 'relay paused');
      return;
    }
    let clientId: string;
    try {
      clientId = verifyRelayAuth(new URL(request.url ?? '/', 'http://relay').searchParams.get('auth')).clientId;
    } catch (error) {
      refuse(socket, 401, error instanceof RelayAuthError ? error.message : 'invalid auth');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection: RelayConnection = { socket: ws, clientId, subscriptions: new Map(), awaitingAck: new Map() };
      sockets.add(ws);
      router.connections.add(connection);
      ws.on('message', (data, isBinary) => {
        if (isBinary) {
          ws.send(
            JSON.stringify({ id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: binary frames are not JSON-RPC' } }),
          );
          return;
        }
        router.handleFrame(connection, data.toString());
      });
      ws.on('close', () => {
        sockets.delete(ws);
        router.connections.delete(connection);
      });
      ws.on('error', () => ws.terminate());
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const pinger = setInterval(() => {
    for (const socket of sockets) socket.ping();
  }, options.pingIntervalMs ?? 10_000);
  pinger.unref();

  const dropAll = async () => {
    const closing = [...sockets].map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
    for (const socket of sockets) socket.terminate();
    await Promise.all(closing);
  };

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    messages: router.mailbox.history,
    methodsCalled: router.methodsCalled,
    connectionCount: () => sockets.size,
    async pause() {
      paused = true;
      await dropAll();
    },
    async resume() {
      paused = false;
    },
    async stop() {
      clearInterval(pinger);
      paused = true;
      await dropAll();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
