import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { isSamlOnly } from '../../auth/accounts';
import { findUserByEmail, insertUserIfNew } from '../../db/users';
import { joinOpenOrganizations, userOrganizations } from '../../db/memberships';
import { audit } from '../../db/audit';
import { LIMITS, hit, limitByAddress } from '../../auth/rate-limit';
import { resetLink, signupLink } from '../../auth/links';
import { registrationMail, resetMail } from '../../mail/templates';
import { mailboxKey } from '../../mail/mailbox';
import { supportedLanguage } from '../../../rules/languages';
import { routeOptions, routePath } from '../openapi-schemas';

interface EmailLanguage {
  email: string;
  /** Any primary language tag; an unsupported one falls back to English (flows 3). */
  language: string;
}

/**
 * Register and forgot-password answer the same 202 for known and unknown e-mails, at once; the mail,
 * where it makes sense, is sent after the answer so its timing reveals nothing either.
 */
export async function registrationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, config, tokens, mailer, background } = services;

  /** At most a few mails an hour to one mailbox, whoever asks and however its address is written. */
  async function mayMail(recipient: string) {
    return (await hit(db, LIMITS.mailsPerRecipient, mailboxKey(recipient))).allowed;
  }

  /** POST /register (flows 4.11): a signup link for a new address, nothing for a known one. */
  app.post<{ Body: EmailLanguage }>(routePath('register'), routeOptions('register'), async (request, reply) => {
    await limitByAddress(db, LIMITS.register, request.ip);
    const { email } = request.body;
    const language = supportedLanguage(request.body.language);
    const clientAddress = request.ip;
    background.run('register', async () => {
      let user = await findUserByEmail(db, email);
      // Already registered, or signing in through the organisation's identity provider: no mail.
      if (user && (user.password_hash || isSamlOnly(await userOrganizations(db, user.id)))) return;
      if (!user) {
        // A new account joins the organisations open for registration.
        await db.transaction(async (tx) => {
          const id = await insertUserIfNew(tx, email, language);
          if (id) await joinOpenOrganizations(tx, id);
        });
        user = await findUserByEmail(db, email);
        if (!user) return;
      }
      await audit(db, clientAddress, 'registration.requested', { userId: user.id });
      if (!(await mayMail(user.email))) return;
      const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'invitation');
      await mailer.send({ to: user.email, ...registrationMail(language, signupLink(config.publicUrl, token)) });
    });
    return reply.code(202).send();
  });

  /** POST /forgot-password (flows 4.12): a reset link for a known password user, nothing otherwise. */
  app.post<{ Body: EmailLanguage }>(routePath('forgotPassword'), routeOptions('forgotPassword'), async (request, reply) => {
    await limitByAddress(db, LIMITS.forgotPassword, request.ip);
    const { email } = request.body;
    const language = supportedLanguage(request.body.language);
    const clientAddress = request.ip;
    background.run('forgot-password', async () => {
      const user = await findUserByEmail(db, email);
      // No password to reset for users who sign in through their organisation's identity provider.
      if (!user || isSamlOnly(await userOrganizations(db, user.id))) return;
      await audit(db, clientAddress, 'password.reset_requested', { userId: user.id });
      if (!(await mayMail(user.email))) return;
      const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'reset');
      await mailer.send({ to: user.email, ...resetMail(language, resetLink(config.publicUrl, token)) });
    });
    return reply.code(202).send();
  });
}
