import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { bearer } from 'better-auth/plugins/bearer';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { OpenDatabase } from './database.js';
import type { OtpMailer } from './mailer.js';
import { genericOAuthConfigs, type resolveSocials } from './socialProviders.js';

/*
 * The service's better-auth: e-mail OTP sign-in with bearer sessions and the configured social providers, on the
 * service's database, and the migrations that bring that database up to date.
 */

export interface ServiceAuthOptions {
  serviceOrigin: string;
  secret: string;
  opening: Promise<OpenDatabase>;
  socialProviders: ReturnType<typeof resolveSocials>;
  /** How long a code is valid, in seconds. */
  expiresIn: number;
  mailer: OtpMailer;
  /** Where a code that could not be mailed is recorded, by lower-case address. */
  mailFailures: Map<string, unknown>;
}

/**
 * better-auth. `anyEmail`: a second instance on the same database that may link a provider account whose e-mail
 * differs from the user's, used only for a link the owner confirmed on the wallet's own sign-in methods page.
 */
export function startServiceAuth(options: ServiceAuthOptions, anyEmail: boolean) {
  const { serviceOrigin, expiresIn, mailer, mailFailures, socialProviders } = options;
  const validFor = expiresIn % 60 === 0 ? `${expiresIn / 60} minute${expiresIn === 60 ? '' : 's'}` : `${expiresIn} seconds`;
  return options.opening.then(({ db }) =>
    betterAuth({
      baseURL: serviceOrigin,
      basePath: '/api/auth',
      secret: options.secret,
      database: { db, type: 'postgres', transaction: false },
      trustedOrigins: [serviceOrigin],
      telemetry: { enabled: false },
      // The service applies the PROTOCOL.md limits itself (with the §8 wording).
      rateLimit: { enabled: false },
      logger: { level: 'error' },
      // Socials (README "Linking"): a provider's VERIFIED e-mail joins the e-mail user (same wallet); unverified
      // ones are placeholders that match no one. An explicit link (a LINK intent, after the owner confirmed it is
      // them) may add a provider account without an e-mail (X) only when the owner confirmed that too.
      account: {
        accountLinking: {
          enabled: true,
          trustedProviders: socialProviders.map(({ provider }) => provider),
          allowDifferentEmails: anyEmail,
        },
      },
      plugins: [
        emailOTP({
          otpLength: 6,
          expiresIn,
          allowedAttempts: 3,
          storeOTP: 'hashed',
          async sendVerificationOTP({ email, otp }) {
            // better-auth swallows a failure here; record it so the request answers 502 instead of a silent success.
            await mailer.sendCode(email, otp, validFor).catch((error: unknown) => {
              mailFailures.set(email.toLowerCase(), error);
            });
          },
        }),
        // Only the signed form of a token (`<token>.<HMAC>`) is accepted: a token read from the database is not enough.
        bearer({ requireSignature: true }),
        ...(socialProviders.length ? [genericOAuth({ config: genericOAuthConfigs(socialProviders) })] : []),
      ],
    }),
  );
}

export type ServiceAuth = Awaited<ReturnType<typeof startServiceAuth>>;

/** Brings the database up to date: better-auth's tables, then the service's own. */
export async function migrateServiceDatabase(opening: Promise<OpenDatabase>, auth: Promise<ServiceAuth>): Promise<void> {
  const { migrate, migrating } = await opening;
  const instance = await auth;
  // Planned inside the lock: a service that waited finds the tables the first one created.
  await migrating(async () => {
    const { runMigrations } = await getMigrations(instance.options);
    await runMigrations();
    await migrate();
  });
}
