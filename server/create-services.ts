/**
 * Makes the services (services.ts) of one server instance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database-types';
import type { Services } from './services';
import { createTokenService } from './auth/tokens';
import { loadSigningKey } from './auth/signing-key';
import { loadTotpKey, sealPlaintextTotpSecrets, totpSecrets } from './auth/totp-secrets';
import { recoveryCodeHashing } from './auth/recovery-codes';
import { passkeyChallenges } from './auth/passkey-challenges';
import { smtpMailer } from './mail/mailer';
import { createMailQueue } from './mail/mail-queue';
import { composeMail } from './auth/mail-intents';
import { createBackground } from './background';

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
    signingKey: key,
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
