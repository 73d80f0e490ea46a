/**
 * What the API's routes work with, made once per server instance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { createTokenService, type TokenService } from './auth/tokens';
import { loadSigningKey } from './auth/signing-key';
import { loadTotpKey, sealPlaintextTotpSecrets, totpSecrets, type TotpSecrets } from './auth/totp-secrets';
import { recoveryCodeHashing, type RecoveryCodeHashing } from './auth/recovery-codes';
import { passkeyChallenges, type PasskeyChallenges } from './auth/passkey-challenges';
import { smtpMailer } from './mail/mailer';
import { createMailQueue, type MailQueue } from './mail/mail-queue';
import { composeMail } from './auth/mail-intents';
import { createBackground, type Background } from './background';

export interface Services {
  config: ServerConfig;
  db: Database;
  tokens: TokenService;
  /** Encrypts and decrypts the stored TOTP secrets. */
  totpSecrets: TotpSecrets;
  /** Hashes recovery codes under a key derived from the TOTP key. */
  recoveryCodes: RecoveryCodeHashing;
  /** Signs and opens the challenges of passkey sign-ins, under a key derived from the TOTP key. */
  passkeyChallenges: PasskeyChallenges;
  /** Mail to send, queued with the changes that cause it (server/mail/mail-queue.ts). */
  mail: MailQueue;
  background: Background;
}

export async function createServices(config: ServerConfig, db: Database, options: { log?: Pick<FastifyBaseLogger, 'error' | 'warn'> } = {}): Promise<Services> {
  const key = await loadSigningKey({ signingKey: config.signingKey, dataDir: config.dataDir });
  const totpKey = loadTotpKey({ totpKey: config.totpKey, dataDir: config.dataDir });
  const secrets = totpSecrets(totpKey);
  await sealPlaintextTotpSecrets(db, secrets);
  const log = options.log ?? console;
  const background = createBackground(log);
  // Composing a mail needs the services it belongs to (tokens, the database).
  const compose = (mail: Parameters<typeof composeMail>[1]) => composeMail(services, mail);
  const smtp = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const services: Services = {
    config,
    db,
    totpSecrets: secrets,
    recoveryCodes: recoveryCodeHashing(totpKey),
    passkeyChallenges: passkeyChallenges(totpKey),
    tokens: createTokenService({
      db,
      key,
      issuer: config.publicUrl,
      audience: config.tokenAudience,
      sessionTtlSeconds: config.tokenTtlSeconds,
    }),
    mail: createMailQueue({ db, smtp, compose, background, log }),
    background,
  };
  return services;
}
