import { getAddress } from 'viem';
import { nameLabelProblem } from '@latch/feature-names/protocol';
import type { NameTable, OpenDatabase } from './database.js';
import { checkRecentRegistrations, type NameServiceLimits } from './limits.js';
import type { NameProject } from './projects.js';
import { NameServiceError, type RegisterRequest, type VerifiedRegistration } from './registration.js';

/*
 * The name service's reads and writes: each a function of the open database and the project, so the routes
 * (createNameService.ts) stay a table of request shapes.
 */

const SUGGESTION_ENDINGS = ['', '1', '2', '3', '-id', '-web3', '-app'];

type NameRow = Pick<NameTable, 'name' | 'address' | 'coin_type'> & { created_at: Date };

/** §7 lookup reply: the name's address per coin type. */
export function nameRecord(row: NameRow) {
  return {
    name: row.name,
    addresses: { [String(row.coin_type)]: { address: row.address } },
    attributes: {},
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function lookupName({ db }: OpenDatabase, projectId: string, name: string) {
  return db
    .selectFrom('latch_names')
    .select(['name', 'address', 'coin_type', 'created_at'])
    .where('project_id', '=', projectId)
    .where('name', '=', name.toLowerCase())
    .executeTakeFirst();
}

/** The names an address holds in a project, newest first. */
export function namesOf({ db }: OpenDatabase, projectId: string, address: string) {
  return db
    .selectFrom('latch_names')
    .select(['name', 'address', 'coin_type', 'created_at'])
    .where('project_id', '=', projectId)
    .where('address', '=', getAddress(address))
    .orderBy('created_at', 'desc')
    .orderBy('name')
    .execute();
}

/** Free names like the one asked for: its label with a few endings, those not taken, at most `max`. */
export async function suggestNames(
  { db }: OpenDatabase,
  projectId: string,
  project: NameProject,
  query: string,
  max: number,
): Promise<string[]> {
  const label = query.toLowerCase().replace(new RegExp(`\\.${project.suffix.replace(/\./g, '\\.')}$`), '');
  const base = label.replace(/[^a-z0-9-]/g, '');
  const candidates = [...new Set(SUGGESTION_ENDINGS.map((ending) => `${base}${ending}`))]
    .filter((candidate) => base && !nameLabelProblem(candidate))
    .map((candidate) => `${candidate}.${project.suffix}`);
  if (candidates.length === 0) return [];
  const taken = await db
    .selectFrom('latch_names')
    .select('name')
    .where('project_id', '=', projectId)
    .where('name', 'in', candidates)
    .execute();
  const takenNames = new Set(taken.map((row) => row.name));
  return candidates.filter((name) => !takenNames.has(name)).slice(0, max);
}

/** Stores a checked registration unless the name is taken, the address holds its share, or the service its window's. */
export async function storeName(
  { exclusive }: OpenDatabase,
  { namesPerAddress, registrations }: Required<NameServiceLimits>,
  nowMs: number,
  projectId: string,
  registration: VerifiedRegistration,
  body: RegisterRequest,
): Promise<NameRow> {
  // One address's registrations one at a time (across instances), and, when limited, everyone's.
  const keys = [`address:${projectId}:${registration.address}`, ...(registrations ? ['registrations'] : [])];
  return exclusive(keys, async (trx) => {
    const taken = new NameServiceError(409, `Name ${registration.name} is already taken`);
    if (await trx.selectFrom('latch_names').select('name').where('name', '=', registration.name).executeTakeFirst()) throw taken;
    if (namesPerAddress !== false) {
      const held = await trx
        .selectFrom('latch_names')
        .select('name')
        .where('project_id', '=', projectId)
        .where('address', '=', registration.address)
        .orderBy('created_at')
        .limit(namesPerAddress)
        .execute();
      if (held.length >= namesPerAddress) {
        throw new NameServiceError(
          409,
          namesPerAddress === 1
            ? `The address ${registration.address} already has a name here: ${held[0]?.name}`
            : `The address ${registration.address} already has ${namesPerAddress} names here, the most one address may hold`,
        );
      }
    }
    if (registrations) await checkRecentRegistrations(trx, registrations, nowMs);
    // The primary key settles a race with a registration of the same name by another address.
    const row = await trx
      .insertInto('latch_names')
      .values({
        name: registration.name,
        project_id: projectId,
        address: registration.address,
        coin_type: String(registration.coinType),
        message: body.message,
        signature: body.signature,
        created_at: new Date(nowMs),
      })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returning(['name', 'address', 'coin_type', 'created_at'])
      .executeTakeFirst();
    if (!row) throw taken;
    return row;
  });
}
