/**
 * What the API's routes and the domain work with, made once per server instance by
 * create-services.ts. The factory is a module of its own: it calls into the domain (composing a
 * mail), whose modules import this one.
 */
import type { ServerConfig } from './config';
import type { Database } from './db/database-types';
import type { TokenService } from './auth/tokens';
import type { SigningKey } from './auth/signing-key';
import type { TotpSecrets } from './auth/totp-secrets';
import type { RecoveryCodeHashing } from './auth/recovery-codes';
import type { PasskeyChallenges } from './auth/passkey-challenges';
import type { MailQueue } from './mail/mail-queue';
import type { Background } from './background';
import type { Metrics } from './metrics/metrics';
import type { Sweeper } from './sweeper';
import type { SealedText } from './auth/sealed-text';

export interface Services {
  config: ServerConfig;
  db: Database;
  tokens: TokenService;
  /** The ES256 key the tokens and the OpenID Provider's ID tokens are signed with. */
  signingKey: SigningKey;
  /** Encrypts and decrypts the stored TOTP secrets. */
  totpSecrets: TotpSecrets;
  /** Hashes recovery codes under a key derived from the TOTP key. */
  recoveryCodes: RecoveryCodeHashing;
  /** Signs and opens the challenges of passkey sign-ins, under a key derived from the TOTP key. */
  passkeyChallenges: PasskeyChallenges;
  /**
   * Seals what an organisation's OpenID Provider needs kept secret, under a key derived from the TOTP
   * key: its client secret (bound to `secret:` + the organisation's id) and a sign-in's state cookie
   * (bound to its context; server/oidc-rp/state-cookie.ts).
   */
  identityProviderSealing: SealedText;
  /** Mail to send, queued with the changes that cause it (server/mail/mail-queue.ts). */
  mail: MailQueue;
  background: Background;
  /** Deletes what has served its time, in the background (server/sweeper.ts); started by the server, not by the admin command. */
  sweeper: Sweeper;
  /** What the server counts for its operators (server/metrics/). */
  metrics: Metrics;
}
