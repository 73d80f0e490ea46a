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
import { createMailQueue, queueOnly } from './mail/mail-queue';
import { composeMail } from './auth/mail-intents';
import { createSweeper } from './sweeper';
import { identityProviderSealing } from './auth/sealed-text';
import { createBackground } from './background';
import { createMetrics } from './metrics/metrics';

export interface ServicesOptions {
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /**
   * The admin command's: mail is queued, never sent from there. The server that sends it composes
   * its links from its own PUBLIC_URL, whichever process queued it.
   */
  onlyQueuesMail?: boolean;
}

export async function createServices(config: ServerConfig, db: Database, options: ServicesOptions = {}): Promise<Services> {
  const key = await loadSigningKey({ signingKey: config.signingKey, dataDir: config.dataDir });
  const totpKey = loadTotpKey({ totpKey: config.totpKey, dataDir: config.dataDir });
  const secrets = totpSecrets(totpKey);
  await sealPlaintextTotpSecrets(db, secrets);
  const log = options.log ?? console;
  const background = createBackground(log);
  // Composing a mail needs the services it belongs to (tokens, the database).
  const compose = (mail: Parameters<typeof composeMail>[1]) => composeMail(services, mail);
  const smtp = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const metrics = createMetrics(db);
  const services: Services = {
    config,
    db,
    signingKey: key,
    totpSecrets: secrets,
    recoveryCodes: recoveryCodeHashing(totpKey),
    passkeyChallenges: passkeyChallenges(totpKey),
    identityProviderSealing: identityProviderSealing(totpKey),
    tokens: createTokenService({
      db,
      key,
      issuer: config.publicUrl,
      audience: config.tokenAudience,
      sessionTtlSeconds: config.tokenTtlSeconds,
    }),
    mail: options.onlyQueuesMail ? queueOnly() : createMailQueue({ db, smtp, compose, background, log, retried: metrics.mailRetried }),
    background,
    sweeper: createSweeper(db, config, log),
    metrics,
  };
  return services;
}
