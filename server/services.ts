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
import { createMailer, type Mailer } from './mail/mailer';
import { createBackground, type Background } from './background';

export interface Services {
  config: ServerConfig;
  db: Database;
  tokens: TokenService;
  /** Encrypts and decrypts the stored TOTP secrets. */
  totpSecrets: TotpSecrets;
  /** Hashes recovery codes under a key derived from the TOTP key. */
  recoveryCodes: RecoveryCodeHashing;
  mailer: Mailer;
  background: Background;
}

export async function createServices(config: ServerConfig, db: Database, options: { log?: Pick<FastifyBaseLogger, 'error'> } = {}): Promise<Services> {
  const key = await loadSigningKey({ signingKey: config.signingKey, dataDir: config.dataDir });
  const totpKey = loadTotpKey({ totpKey: config.totpKey, dataDir: config.dataDir });
  const secrets = totpSecrets(totpKey);
  await sealPlaintextTotpSecrets(db, secrets);
  return {
    config,
    db,
    totpSecrets: secrets,
    recoveryCodes: recoveryCodeHashing(totpKey),
    tokens: createTokenService({
      db,
      key,
      issuer: config.publicUrl,
      audience: config.tokenAudience,
      sessionTtlSeconds: config.tokenTtlSeconds,
    }),
    mailer: createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db }),
    background: createBackground(options.log ?? console),
  };
}
