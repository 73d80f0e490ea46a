/**
 * What the API's routes work with, made once per server instance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { createTokenService, type TokenService } from './auth/tokens';
import { loadSigningKey } from './auth/signing-key';
import { createMailer, type Mailer } from './mail/mailer';
import { reachableOrganizations, userOrganizations, type OrganizationRow, type SignIn, type UserRow } from './auth/accounts';
import { createBackground, type Background } from './background';

export interface Services {
  config: ServerConfig;
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  background: Background;
}

export async function createServices(
  config: ServerConfig,
  db: Database,
  options: { log?: Pick<FastifyBaseLogger, 'error'> } = {},
): Promise<Services> {
  const key = await loadSigningKey({ signingKey: config.signingKey, dataDir: config.dataDir });
  return {
    config,
    db,
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

/**
 * A session token for the contexts this sign-in reaches: after SAML only the organisation whose
 * identity provider vouched for the user; after a password every enabled organisation of the user
 * but those that sign in through SAML only.
 */
export async function issueSessionFor(
  services: Services,
  user: Pick<UserRow, 'id' | 'email'>,
  signIn: SignIn,
  /** The user's organisations, when the caller has just read them. */
  known?: OrganizationRow[],
) {
  const organizations = reachableOrganizations(known ?? (await userOrganizations(services.db, user.id)), signIn);
  const contexts = organizations.map((organization) => organization.context);
  const token = await services.tokens.issueSession({ userId: user.id, email: user.email, contexts });
  return { token, contexts, organizations };
}
