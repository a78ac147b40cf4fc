import type { IncomingMessage, ServerResponse } from 'node:http';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import * as v from 'valibot';
import { type Hex, recoverMessageAddress } from 'viem';
import { walletProofMessage } from '@latch/connector-embedded/protocol';
import type { OpenDatabase } from './database.js';
import { parseJson, ServiceError, sendJson } from './http.js';
import { parseBody } from './parseBody.js';

/** The signed-in caller of a wallet route: the user, and the wallet group of the project it came through. */
export interface WalletCaller {
  userId: string;
  projectId: string;
  walletGroup: string;
}

const WalletBody = v.object({
  authShare: v.pipe(v.string(), v.maxLength(1024), v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'authShare must be base64')),
  addresses: v.object({
    eip155: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'addresses.eip155 must be a 0x address')),
    solana: v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'addresses.solana must be a base58 address')),
  }),
  proof: v.object({
    eip155: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{130}$/, 'proof.eip155 must be a 65-byte signature')),
    solana: v.pipe(v.string(), v.regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/, 'proof.solana must be a base58 signature')),
  }),
});

const invalidProof = () => new ServiceError(400, 'invalid_proof', "The wallet's keys did not sign this request");

/** Both keys of the new wallet signed the proof text for this user, project, addresses and share. */
async function checkProof(caller: WalletCaller, body: v.InferOutput<typeof WalletBody>): Promise<void> {
  const message = walletProofMessage({
    userId: caller.userId,
    projectId: caller.projectId,
    addresses: body.addresses,
    authShare: body.authShare,
  });
  let signer: string;
  try {
    signer = await recoverMessageAddress({ message, signature: body.proof.eip155 as Hex });
  } catch {
    throw invalidProof();
  }
  if (signer.toLowerCase() !== body.addresses.eip155.toLowerCase()) throw invalidProof();
  let solanaOk = false;
  try {
    solanaOk = ed25519.verify(base58.decode(body.proof.solana), new TextEncoder().encode(message), base58.decode(body.addresses.solana));
  } catch {
    solanaOk = false;
  }
  if (!solanaOk) throw invalidProof();
}

/** `GET|PUT /api/wallet` and `GET /api/wallet/auth-share`: the wallet of the caller's user in its project's group. */
export async function walletRoute(
  { db }: OpenDatabase,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  body: Buffer,
  caller: () => Promise<WalletCaller>,
): Promise<void> {
  const route = `${request.method} ${path}`;
  if (route === 'GET /api/wallet') {
    const { userId, walletGroup } = await caller();
    const row = await db
      .selectFrom('wallet')
      .select(['eip155_address', 'solana_address'])
      .where('wallet_group', '=', walletGroup)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return sendJson(response, 200, {
      addresses: row ? { eip155: row.eip155_address, solana: row.solana_address } : {},
      hasAuthShare: Boolean(row),
    });
  }
  if (route === 'PUT /api/wallet') {
    const who = await caller();
    const json = parseJson(body);
    if (json && typeof json === 'object' && !('proof' in json))
      throw new ServiceError(400, 'invalid_request', 'proof is required: signatures by both keys of the new wallet');
    const wallet = parseBody(WalletBody, json);
    await checkProof(who, wallet);
    const row = await db
      .insertInto('wallet')
      .values({
        wallet_group: who.walletGroup,
        user_id: who.userId,
        eip155_address: wallet.addresses.eip155,
        solana_address: wallet.addresses.solana,
        auth_share: wallet.authShare,
      })
      .onConflict((conflict) => conflict.columns(['wallet_group', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!row) throw new ServiceError(409, 'wallet_exists', 'This account already has a wallet');
    return sendJson(response, 201, { addresses: wallet.addresses, hasAuthShare: true });
  }
  if (route === 'GET /api/wallet/auth-share') {
    const { userId, walletGroup } = await caller();
    const row = await db
      .selectFrom('wallet')
      .select('auth_share')
      .where('wallet_group', '=', walletGroup)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new ServiceError(404, 'no_wallet', 'This account has no wallet yet');
    return sendJson(response, 200, { authShare: row.auth_share });
  }
  throw new ServiceError(404, 'not_found', 'Not found');
}
