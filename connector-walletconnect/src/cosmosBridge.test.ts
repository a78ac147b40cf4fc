import { encodeSecp256k1Signature, pubkeyToAddress, serializeSignDoc, type StdSignDoc } from '@cosmjs/amino';
import { ripemd160, Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, fromHex, toBase64 } from '@cosmjs/encoding';
import { makeSignBytes } from '@cosmjs/proto-signing';
import { verifyAdr36Signature } from '@latch/testkit';
import { describe, expect, it } from 'vitest';
import { decodeBech32 } from './bech32.js';
import type { SessionChannel } from './channel.js';
import { createCosmosBridge } from './cosmosBridge.js';
import type { ApprovedNamespace } from './namespaces.js';

const CHAIN_ID = 'latch-local-1';
const CAIP = `cosmos:${CHAIN_ID}`;
const PRIVKEY = fromHex('71'.repeat(32));
const PUBKEY = Secp256k1.compressPubkey(Secp256k1.makeKeypair(PRIVKEY).pubkey);
const ADDRESS = pubkeyToAddress({ type: 'tendermint/PubKeySecp256k1', value: toBase64(PUBKEY) }, 'cosmos');
const METHODS = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'];

function signature(bytes: Uint8Array) {
  const signed = Secp256k1.createSignature(sha256(bytes), PRIVKEY);
  return encodeSecp256k1Signature(PUBKEY, new Uint8Array([...signed.r(32), ...signed.s(32)]));
}

type Answer = (method: string, params: Record<string, unknown>) => unknown;

/** The wallet's side in a few lines: a real secp256k1 key answering as Reown's Cosmos RPC reference says. */
const honest: Answer = (method, params) => {
  if (method === 'cosmos_getAccounts') return [{ algo: 'secp256k1', address: ADDRESS, pubkey: toBase64(PUBKEY) }];
  const doc = params.signDoc as Record<string, string>;
  if (method === 'cosmos_signDirect') {
    const bytes = makeSignBytes({
      bodyBytes: fromBase64(doc.bodyBytes as string),
      authInfoBytes: fromBase64(doc.authInfoBytes as string),
      chainId: doc.chainId as string,
      accountNumber: BigInt(doc.accountNumber as string),
    });
    return { signature: signature(bytes), signed: doc };
  }
  return { signature: signature(serializeSignDoc(doc as unknown as StdSignDoc)), signed: doc };
};

function phone(answer: Answer = honest, methods = METHODS) {
  const asked: { method: string; params: unknown; chainId: string }[] = [];
  let approval: ApprovedNamespace | undefined = {
    chains: [CAIP],
    methods,
    events: [],
    addresses: [ADDRESS],
    accounts: [`${CAIP}:${ADDRESS}`],
  };
  const channel: SessionChannel = {
    approved: () => approval,
    async request(method, params, chainId) {
      asked.push({ method, params, chainId });
      return answer(method, params as Record<string, unknown>);
    },
    read: async () => null,
  };
  const bridge = createCosmosBridge({ channel, networks: [], identity: { name: 'WalletConnect', icon: 'data:image/svg+xml,x' } });
  return { bridge, asked, end: () => (approval = undefined) };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code?: number; message?: string },
  );

const directDoc = {
  bodyBytes: new Uint8Array([10, 1, 2]),
  authInfoBytes: new Uint8Array([18, 3, 4]),
  chainId: CHAIN_ID,
  accountNumber: 9n,
};

describe('the Keplr-style wallet over a WalletConnect session', () => {
  it('enables approved chains only, and builds getKey from one cosmos_getAccounts per chain and session', async () => {
    const { bridge, asked } = phone();
    await expect(bridge.enable([CHAIN_ID])).resolves.toBeUndefined();
    expect(await failure(bridge.enable('cosmoshub-4'))).toMatchObject({
      code: 4902,
      message: 'Unknown chain cosmoshub-4: the wallet did not approve cosmos:cosmoshub-4 in this WalletConnect session',
    });
    const key = await bridge.getKey(CHAIN_ID);
    expect(key).toEqual({
      name: 'WalletConnect',
      algo: 'secp256k1',
      pubKey: PUBKEY,
      address: ripemd160(sha256(PUBKEY)),
      bech32Address: ADDRESS,
      ethereumHexAddress: '',
      isNanoLedger: false,
      isKeystone: false,
    });
    await bridge.getKey(CHAIN_ID);
    expect(await bridge.getOfflineSigner(CHAIN_ID).getAccounts()).toEqual([{ address: ADDRESS, algo: 'secp256k1', pubkey: PUBKEY }]);
    expect(asked).toEqual([{ method: 'cosmos_getAccounts', params: {}, chainId: CAIP }]);

    const heard: string[] = [];
    const off = bridge.onKeystoreChange(() => heard.push('change'));
    bridge.keysChanged(); // a session update: the keys are asked again
    off();
    bridge.keysChanged();
    await bridge.getKey(CHAIN_ID);
    expect(heard).toEqual(['change']);
    expect(asked).toHaveLength(2);
  });

  it('signs a direct SignDoc over cosmos_signDirect (base64 bytes, string account number) into what CosmJS expects', async () => {
    const { bridge, asked } = phone();
    const response = await bridge.getOfflineSigner(CHAIN_ID).signDirect(ADDRESS, directDoc);
    expect(asked[0]).toEqual({
      method: 'cosmos_signDirect',
      params: { signerAddress: ADDRESS, signDoc: { chainId: CHAIN_ID, accountNumber: '9', authInfoBytes: 'EgME', bodyBytes: 'CgEC' } },
      chainId: CAIP,
    });
    expect(response.signed).toEqual(directDoc);
    expect(response.signature.pub_key).toEqual({ type: 'tendermint/PubKeySecp256k1', value: toBase64(PUBKEY) });
    const signed = Secp256k1Signature.fromFixedLength(fromBase64(response.signature.signature));
    expect(await Secp256k1.verifySignature(signed, sha256(makeSignBytes(directDoc)), PUBKEY)).toBe(true);
  });

  it('keeps a fee the wallet changed, and takes an answer without `signed` as the document it was sent', async () => {
    const feeChanged = phone((method, params) => {
      const answer = honest(method, params) as { signed: Record<string, string> };
      return { ...answer, signed: { ...answer.signed, authInfoBytes: toBase64(new Uint8Array([18, 9])) } };
    });
    const changed = await feeChanged.bridge.signDirect(CHAIN_ID, ADDRESS, directDoc);
    expect(changed.signed.authInfoBytes).toEqual(new Uint8Array([18, 9]));
    const bare = phone((method, params) => ({ signature: (honest(method, params) as { signature: unknown }).signature }));
    expect((await bare.bridge.signDirect(CHAIN_ID, ADDRESS, directDoc)).signed).toEqual(directDoc);
  });

  it('signs ADR-36 messages with cosmos_signAmino, in the document Keplr signs, so an ADR-36 verifier accepts them', async () => {
    const { bridge, asked } = phone();
    const signed = await bridge.signArbitrary?.(CHAIN_ID, ADDRESS, 'hello cosmos');
    expect(asked[0]?.params).toEqual({
      signerAddress: ADDRESS,
      signDoc: {
        chain_id: '',
        account_number: '0',
        sequence: '0',
        fee: { gas: '0', amount: [] },
        msgs: [{ type: 'sign/MsgSignData', value: { signer: ADDRESS, data: toBase64(new TextEncoder().encode('hello cosmos')) } }],
        memo: '',
      },
    });
    expect(verifyAdr36Signature({ signer: ADDRESS, data: 'hello cosmos', signature: signed! })).toBe(true);
    expect(verifyAdr36Signature({ signer: ADDRESS, data: 'hello cosmos?', signature: signed! })).toBe(false);
  });

  it('passes amino documents through cosmos_signAmino and checks the signed one is for the same chain and account', async () => {
    const doc: StdSignDoc = {
      chain_id: CHAIN_ID,
      account_number: '3',
      sequence: '1',
      fee: { gas: '200000', amount: [{ denom: 'ustake', amount: '5000' }] },
      msgs: [],
      memo: 'm',
    };
    const { bridge } = phone();
    const response = await bridge.getOfflineSignerOnlyAmino(CHAIN_ID).signAmino(ADDRESS, doc);
    expect(response.signed).toEqual(doc);
    const replayed = phone((method, params) => ({ ...(honest(method, params) as object), signed: { ...doc, sequence: '0' } }));
    expect(await failure(replayed.bridge.signAmino(CHAIN_ID, ADDRESS, doc))).toMatchObject({
      code: -32603,
      message: 'The wallet answered cosmos_signAmino with a malformed signed document',
    });
  });

  it('refuses malformed wallet answers with clear errors', async () => {
    const cases: [Answer, string][] = [
      [() => ({ accounts: [] }), 'The wallet answered cosmos_getAccounts with a malformed account list'],
      [() => [{ algo: 'secp256k1', address: ADDRESS, pubkey: toBase64(PUBKEY.slice(1)) }], 'with a malformed account'],
      [() => [{ algo: 'ed25519', address: ADDRESS, pubkey: toBase64(PUBKEY) }], 'with a malformed account'],
      [() => [{ algo: 'secp256k1', address: `${ADDRESS.slice(0, -1)}x`, pubkey: toBase64(PUBKEY) }], 'with a malformed account'],
      [() => [], `without an account of this session on ${CAIP}`],
    ];
    for (const [answer, message] of cases) {
      const error = await failure(phone(answer).bridge.getKey(CHAIN_ID));
      expect(error?.message, message).toContain(message);
    }
    const signing: [Answer, string][] = [
      [() => ({ signature: { pub_key: { type: 'tendermint/PubKeySecp256k1', value: toBase64(PUBKEY) }, signature: 'AAAA' } }), 'signature'],
      [
        () => ({ signature: { pub_key: { type: 'ed25519', value: toBase64(PUBKEY) }, signature: toBase64(new Uint8Array(64)) } }),
        'signature',
      ],
      [(m, p) => ({ ...(honest(m, p) as object), signed: { ...(p.signDoc as object), chainId: 'other-1' } }), 'signed document'],
      [(m, p) => ({ ...(honest(m, p) as object), signed: { ...(p.signDoc as object), bodyBytes: 42 } }), 'signed document'],
      [() => null, 'signature'],
    ];
    for (const [answer, what] of signing) {
      const error = await failure(phone(answer).bridge.signDirect(CHAIN_ID, ADDRESS, directDoc));
      expect(error).toMatchObject({ code: -32603, message: `The wallet answered cosmos_signDirect with a malformed ${what}` });
    }
  });

  it('turns the wallet’s rejection into 4001, and refuses unapproved methods, foreign signers and an ended session', async () => {
    const rejecting = phone(() => {
      throw Object.assign(new Error('User rejected.'), { code: 5000 });
    });
    expect(await failure(rejecting.bridge.signDirect(CHAIN_ID, ADDRESS, directDoc))).toMatchObject({ code: 4001 });
    expect(await failure(rejecting.bridge.signArbitrary!(CHAIN_ID, ADDRESS, 'x'))).toMatchObject({ code: 4001 });

    const directOnly = phone(honest, ['cosmos_getAccounts', 'cosmos_signDirect']);
    expect(directOnly.bridge.signArbitrary).toBeUndefined();
    expect(await failure(directOnly.bridge.signAmino(CHAIN_ID, ADDRESS, {} as StdSignDoc))).toMatchObject({
      code: 4200,
      message: 'cosmos_signAmino is not approved in this WalletConnect session',
    });
    expect(await directOnly.bridge.getOfflineSignerAuto(CHAIN_ID)).toHaveProperty('signDirect');
    expect(await phone(honest, ['cosmos_getAccounts', 'cosmos_signAmino']).bridge.getOfflineSignerAuto(CHAIN_ID)).not.toHaveProperty(
      'signDirect',
    );

    const { bridge, asked, end } = phone();
    const stranger = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
    expect(decodeBech32(stranger)?.bytes).toHaveLength(20);
    expect(await failure(bridge.signDirect(CHAIN_ID, stranger, directDoc))).toMatchObject({
      code: 4100,
      message: `${stranger} is not an account of this WalletConnect session on ${CAIP}`,
    });
    expect(await failure(bridge.signDirect(CHAIN_ID, ADDRESS, { ...directDoc, chainId: 'other-1' }))).toMatchObject({ code: -32602 });
    expect(await failure(bridge.signDirect(CHAIN_ID, ADDRESS, { ...directDoc, accountNumber: -1n }))).toMatchObject({
      code: -32602,
      message: `signDirect needs a sign doc for ${CHAIN_ID} with bodyBytes, authInfoBytes and an account number`,
    });
    end();
    expect(await failure(bridge.getKey(CHAIN_ID))).toMatchObject({ code: 4900, message: 'The WalletConnect session ended' });
    expect(asked).toEqual([]);
  });
});

describe('decodeBech32', () => {
  it('decodes an account address and refuses a bad checksum, mixed case or a bad character', () => {
    expect(decodeBech32(ADDRESS)).toEqual({ prefix: 'cosmos', bytes: ripemd160(sha256(PUBKEY)) });
    expect(decodeBech32(`${ADDRESS.slice(0, -1)}${ADDRESS.endsWith('q') ? 'p' : 'q'}`)).toBeUndefined();
    expect(decodeBech32(ADDRESS.toUpperCase())).toBeUndefined();
    expect(decodeBech32('cosmos1b')).toBeUndefined();
    expect(decodeBech32(ADDRESS.replace(/.$/, 'b'))).toBeUndefined();
  });
});
