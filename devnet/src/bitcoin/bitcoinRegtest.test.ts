import { p2wpkh, Transaction } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { hex } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGTEST_PARAMS } from '@latch/testkit';
import { startBitcoinRegtest, type BitcoinRegtest } from './bitcoinRegtest.js';
import { bitcoinOrdinalsAddress, bitcoinPaymentAddress, bitcoinPaymentKey } from '@latch/testkit';

const KEY = '21'.repeat(32);
const OTHER_KEY = '22'.repeat(32);

describe('startBitcoinRegtest: a bcoin regtest node behind an Esplora API', () => {
  let regtest: BitcoinRegtest;
  beforeAll(async () => {
    regtest = await startBitcoinRegtest();
  });
  afterAll(async () => {
    await regtest?.stop();
  });

  const get = (path: string) => fetch(`${regtest.esploraUrl}${path}`);
  const post = (path: string, body: string) => fetch(`${regtest.esploraUrl}${path}`, { method: 'POST', body });

  it('serves the tip above segwit activation, with CORS for pages', async () => {
    const response = await get('/blocks/tip/height');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(Number(await response.text())).toBeGreaterThanOrEqual(450);
    expect(regtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328');
    expect(regtest.esploraUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const preflight = await fetch(`${regtest.esploraUrl}/tx`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect((await get('/fee-estimates').then((r) => r.json())) as Record<string, number>).toMatchObject({ '1': expect.any(Number) });
  });

  it('funds an address: confirmed stats, one UTXO and the transaction, with its fee', async () => {
    const address = bitcoinPaymentAddress(KEY, REGTEST_PARAMS);
    const txid = await regtest.fund(address, 150_000_000n);
    expect(await regtest.balanceOf(address)).toBe(150_000_000n);
    const stats = (await get(`/address/${address}`).then((r) => r.json())) as Record<string, Record<string, number>>;
    expect(stats.chain_stats).toMatchObject({ funded_txo_count: 1, funded_txo_sum: 150_000_000, spent_txo_sum: 0, tx_count: 1 });
    expect(stats.mempool_stats).toMatchObject({ funded_txo_sum: 0, tx_count: 0 });
    const utxos = (await get(`/address/${address}/utxo`).then((r) => r.json())) as {
      txid: string;
      value: number;
      status: { confirmed: boolean };
    }[];
    expect(utxos).toEqual([
      expect.objectContaining({ txid, vout: expect.any(Number), value: 150_000_000, status: expect.objectContaining({ confirmed: true }) }),
    ]);
    const tx = (await get(`/tx/${txid}`).then((r) => r.json())) as {
      fee: number;
      vout: { value: number }[];
      status: { confirmed: boolean };
    };
    expect(tx.fee).toBeGreaterThan(0);
    expect(tx.vout.map((output) => output.value)).toContain(150_000_000);
    expect(tx.status.confirmed).toBe(true);
    const rawHex: string = await get(`/tx/${txid}/hex`).then((r) => r.text());
    expect(Transaction.fromRaw(hex.decode(rawHex)).id).toBe(txid);
  });

  it('shows a transaction in the mempool until it is mined', async () => {
    const address = bitcoinPaymentAddress(OTHER_KEY, REGTEST_PARAMS);
    const txid = await regtest.fund(address, 20_000n, { confirm: false });
    const pending = (await get(`/address/${address}`).then((r) => r.json())) as Record<string, Record<string, number>>;
    expect(pending.mempool_stats).toMatchObject({ funded_txo_sum: 20_000, tx_count: 1 });
    expect(await regtest.balanceOf(address)).toBe(20_000n);
    expect(await get(`/tx/${txid}/status`).then((r) => r.json())).toEqual({ confirmed: false });
    await regtest.mine(1);
    const mined = (await get(`/tx/${txid}/status`).then((r) => r.json())) as { confirmed: boolean; block_height: number };
    expect(mined).toMatchObject({ confirmed: true, block_height: Number(await get('/blocks/tip/height').then((r) => r.text())) });
  });

  it('accepts a transaction signed by its key, and counts what it spent', async () => {
    const key = bitcoinPaymentKey('23'.repeat(32), REGTEST_PARAMS);
    const fundingTxid = await regtest.fund(key.address, 100_000n);
    const [utxo] = (await get(`/address/${key.address}/utxo`).then((r) => r.json())) as { txid: string; vout: number }[];
    expect(utxo!.txid).toBe(fundingTxid);
    const recipient = p2wpkh(pubECDSA(new Uint8Array(32).fill(0x24)), REGTEST_PARAMS).address!;
    const tx = new Transaction();
    tx.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: key.script, amount: 100_000n } });
    tx.addOutputAddress(recipient, 60_000n, REGTEST_PARAMS);
    tx.sign(key.secret);
    tx.finalize();
    const response = await post('/tx', tx.hex);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(tx.id);
    const stats = (await get(`/address/${key.address}`).then((r) => r.json())) as Record<string, Record<string, number>>;
    expect(stats.mempool_stats).toMatchObject({ spent_txo_count: 1, spent_txo_sum: 100_000 });
    expect(await regtest.balanceOf(key.address)).toBe(0n);
    expect(await regtest.balanceOf(recipient)).toBe(60_000n);

    // The same coin again: the node's own reason, as electrs reports it.
    const conflict = new Transaction();
    conflict.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: key.script, amount: 100_000n } });
    conflict.addOutputAddress(recipient, 50_000n, REGTEST_PARAMS);
    conflict.sign(key.secret);
    conflict.finalize();
    const rejected = await post('/tx', conflict.hex);
    expect(rejected.status).toBe(400);
    expect(await rejected.text()).toMatch(/^sendrawtransaction RPC error: .*"code":-26.*(conflict|spent|missing)/);
  });

  it('rejects a bad signature and garbage with the reason, and unknown or Taproot addresses with 400', async () => {
    const key = bitcoinPaymentKey('25'.repeat(32), REGTEST_PARAMS);
    await regtest.fund(key.address, 50_000n);
    const [utxo] = (await get(`/address/${key.address}/utxo`).then((r) => r.json())) as { txid: string; vout: number }[];
    const forged = new Transaction();
    forged.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: key.script, amount: 50_000n } });
    forged.addOutputAddress(key.address, 40_000n, REGTEST_PARAMS);
    forged.sign(key.secret);
    forged.finalize();
    // The output amount changed after signing (40 000 → 39 000 sats, little-endian): the signature no longer matches.
    const tampered = forged.hex.replace('409c000000000000', '5898000000000000');
    expect(tampered).not.toBe(forged.hex);
    const badSignature = await post('/tx', tampered);
    expect(badSignature.status).toBe(400);
    expect(await badSignature.text()).toMatch(/script-verify|signature/i);
    await expect(regtest.broadcast(tampered)).rejects.toMatchObject({
      name: 'BroadcastRejection',
      reason: expect.stringMatching(/verify/),
    });

    const garbage = await post('/tx', 'not hex');
    expect([garbage.status, await garbage.text()]).toEqual([400, expect.stringContaining('TX decode failed')]);
    expect((await get('/address/bc1qnotanaddress')).status).toBe(400);
    const taproot = await get(`/address/${bitcoinOrdinalsAddress(KEY, REGTEST_PARAMS)}`);
    expect([taproot.status, await taproot.text()]).toEqual([400, expect.stringContaining('Taproot')]);
    expect((await get('/tx/00')).status).toBe(400);
    expect((await get(`/tx/${'ab'.repeat(32)}`)).status).toBe(404);
    expect((await get('/nothing')).status).toBe(404);
  });

  it('logs every request it served', () => {
    expect(regtest.requests).toContain('GET /blocks/tip/height');
    expect(regtest.requests.some((line) => line.startsWith('POST /tx'))).toBe(true);
  });
});

describe('startBitcoinRegtest: lifecycle', () => {
  it('stops twice without failing and frees its port', async () => {
    const regtest = await startBitcoinRegtest();
    await regtest.stop();
    await regtest.stop();
    await expect(fetch(`${regtest.esploraUrl}/blocks/tip/height`)).rejects.toThrow();
  });

  it('runs beside another node started at the same time (one per test worker): nothing binds a fixed port', async () => {
    const started = await Promise.allSettled([startBitcoinRegtest(), startBitcoinRegtest()]);
    try {
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      const [first, second] = started.map((result) => (result as PromiseFulfilledResult<BitcoinRegtest>).value);
      expect(first!.esploraUrl).not.toBe(second!.esploraUrl);
      for (const regtest of [first!, second!]) {
        expect(Number(await (await fetch(`${regtest.esploraUrl}/blocks/tip/height`)).text())).toBeGreaterThanOrEqual(450);
      }
    } finally {
      await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
    }
  });
});
