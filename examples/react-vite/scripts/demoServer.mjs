// Serves the built demo on 127.0.0.1 with its config inlined into index.html (no config request).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { createOnrampSessionHandler } from '@latch/feature-onramp/server';
import { createSiwxHttpHandler, createSiwxServer } from '@latch/siwx/server';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

/** JSON inside <script type="application/json">: escape '<' so no value can close the tag. */
function configTag(config) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script id="latch-demo-config" type="application/json">${json}</script>`;
}

const ONRAMP_SESSION_PATH = '/onramp/session';

/**
 * The built files, each read from disk once per process and kept (a file that is missing is asked for again): like
 * index.html, read once when a server starts, a rebuilt dist/ is served after a restart. Every test of the e2e suites
 * loads the demo anew, and reading each chunk again for every request was a few percent of their CPU.
 */
const files = new Map();
function readBuilt(file) {
  let body = files.get(file);
  if (!body) {
    body = readFile(file);
    files.set(file, body);
    body.catch(() => files.delete(file));
  }
  return body;
}

/**
 * `siwx` (createSiwxServer's options but `domains`) mounts the sign-in routes under /siwx, for the
 * server's own host, and tells the page (`config.siwx`) so it can offer sign-in (`?siwx`).
 * `testWallets` (`{ [namespace]: { name, address, script } }`): the testkit's mock wallets the page offers to
 * add ("try with a test wallet"); each script is served at /test-wallets/<namespace>.js, only when asked for.
 * `onrampSession` (createOnrampSessionHandler's options but `allowedOrigins`) mounts the Coinbase
 * session token route at /onramp/session for the server's own origin, and tells the page.
 */
export async function serveDemo({ distDir, config, port = 0, siwx, onrampSession, pageHeaders = {}, testWallets = {} }) {
  const root = resolve(distDir);
  const offered = Object.fromEntries(Object.entries(testWallets).map(([ns, { name, address }]) => [ns, { name, address }]));
  const withWallets = Object.keys(offered).length ? { ...config, testWallets: offered } : config;
  let pageConfig = siwx ? { ...withWallets, siwx: true } : withWallets;
  if (onrampSession && pageConfig.onramp) pageConfig = { ...pageConfig, onramp: { ...pageConfig.onramp, sessionUrl: ONRAMP_SESSION_PATH } };
  const withConfig = async (page) => (await readFile(join(root, page), 'utf8')).replace('<!--latch-demo-config-->', configTag(pageConfig));
  const html = await withConfig('index.html');
  // The wagmi page (wagmi.html) gets the same config.
  const wagmiHtml = await withConfig('wagmi.html').catch(() => undefined);
  let handleSiwx;
  let onrampHandler;
  const server = createServer(async (req, res) => {
    if (handleSiwx && (await handleSiwx(req, res))) return;
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const wallet = path.match(/^\/test-wallets\/([a-z0-9-]+)\.js$/)?.[1];
    if (wallet && testWallets[wallet]) {
      res.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-store' }).end(testWallets[wallet].script);
      return;
    }
    if (onrampHandler && path === ONRAMP_SESSION_PATH) return void (await onrampHandler.node(req, res));
    if (path === '/' || path === '/index.html' || (path === '/wagmi.html' && wagmiHtml)) {
      const page = path === '/wagmi.html' ? wagmiHtml : html;
      res.writeHead(200, { ...pageHeaders, 'content-type': TYPES['.html'], 'cache-control': 'no-store' }).end(page);
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(`${root}/`)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readBuilt(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolveListen);
  });
  const { port: actual } = server.address();
  if (onrampSession) onrampHandler = createOnrampSessionHandler({ ...onrampSession, allowedOrigins: [`http://127.0.0.1:${actual}`] });
  if (siwx) handleSiwx = createSiwxHttpHandler(createSiwxServer({ ...siwx, domains: [`127.0.0.1:${actual}`, `localhost:${actual}`] }));
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
