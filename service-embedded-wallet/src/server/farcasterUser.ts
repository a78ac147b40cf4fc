import type { AuthContext } from 'better-auth';

/** The better-auth account provider id of a Farcaster sign-in; the account id is the fid. */
export const FARCASTER_PROVIDER_ID = 'farcaster';

/** The part of better-auth's context (`auth.$context`) a Farcaster sign-in uses. */
export type AuthInternals = Pick<AuthContext, 'internalAdapter' | 'secret'>;

export interface FarcasterIdentity {
  fid: number;
  username?: string;
  pfpUrl?: string;
}

/**
 * The better-auth user owning the Farcaster account `fid`, created on the first sign-in (name = username, e-mail
 * `<fid>@farcaster.invalid` — better-auth needs one, `.invalid` can never receive mail — not verified).
 * Goes through better-auth's internal adapter, so hooks and the schema stay better-auth's.
 */
export async function farcasterUserId(context: AuthInternals, identity: FarcasterIdentity): Promise<string> {
  const adapter = context.internalAdapter;
  const key = { providerId: FARCASTER_PROVIDER_ID, accountId: String(identity.fid) };
  const email = `${identity.fid}@farcaster.invalid`;

  const find = async (): Promise<string | undefined> => {
    const owner = await adapter.findAccountOwnerByKey(key);
    if (owner?.kind === 'owned') return owner.user.id;
    // An account whose user was deleted: drop it and start over.
    if (owner?.kind === 'orphaned') await adapter.deleteAccount(owner.account.id);
    // A user left without its account (a crash between the two writes; the service runs without transactions).
    const existing = await adapter.findUserByEmail(email);
    if (!existing) return undefined;
    await adapter.linkAccount({ ...key, userId: existing.user.id });
    return existing.user.id;
  };

  const found = await find();
  if (found) return found;
  try {
    const { user } = await adapter.createOAuthUser(
      { name: identity.username ?? `fid ${identity.fid}`, email, emailVerified: false, image: identity.pfpUrl ?? null },
      key,
    );
    return user.id;
  } catch (error) {
    // Two sign-ins of one fid at once: the other one created the user (the e-mail is unique).
    const raced = await find();
    if (raced) return raced;
    throw error;
  }
}
