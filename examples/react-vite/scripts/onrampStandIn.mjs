// A loopback stand-in for the Coinbase Onramp and Meld widgets, for `npm start` and the e2e suite:
// it reads each provider's real query (Coinbase `appId`, `addresses`, `presetFiatAmount`…; Meld
// `publicKey`, `walletAddress`, `sourceAmount`…), refuses a request missing its key fields (400),
// and "completes the purchase" by sending the amount's ETH from an anvil account to the address.
import { createServer } from 'node:http';

/** What the stand-in sells: 1 ETH per 1000 of fiat, so 25 USD buys 0.025 ETH. */
export const WEI_PER_FIAT_UNIT = 10n ** 15n;

function fiatToWei(amount) {
  const [whole = '0', cents = ''] = amount.split('.');
  return (BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0') || '0')) * (WEI_PER_FIAT_UNIT / 100n);
}

async function sendOnAnvil(rpcUrl, transaction) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [transaction] }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`anvil refused the payment: ${body.error.message}`);
  return body.result;
}

function widgetRequest(url) {
  const query = Object.fromEntries(url.searchParams);
  if (url.pathname === '/coinbase/buy') {
    let address;
    try {
      address = Object.keys(JSON.parse(query.addresses ?? '{}'))[0];
    } catch {
      address = undefined;
    }
    return { provider: 'coinbase', query, key: query.appId, address, amount: query.presetFiatAmount };
  }
  if (url.pathname === '/meld/')
    return { provider: 'meld', query, key: query.publicKey, address: query.walletAddress, amount: query.sourceAmount };
  return undefined;
}

/** Starts the stand-in on 127.0.0.1 (a free port); `from` is an unlocked anvil account that pays. */
export async function startOnrampStandIn({ rpcUrl, from }) {
  const requests = [];
  async function handle(request, response) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const widget = widgetRequest(url);
    if (!widget) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const { provider, query, key, address, amount } = widget;
    if (!key || !address || !amount || !/^\d+(\.\d{1,2})?$/.test(amount)) {
      return void response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad widget request');
    }
    const hash = await sendOnAnvil(rpcUrl, { from, to: address, value: `0x${fiatToWei(amount).toString(16)}` });
    requests.push({ provider, path: url.pathname, query, hash });
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><title>${provider} stand-in</title><h1>Purchase sent</h1><p id="hash">${hash}</p></html>`);
  }
  const server = createServer((request, response) => {
    handle(request, response).catch((error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    coinbaseUrl: `${base}/coinbase/buy`,
    meldUrl: `${base}/meld/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
