import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { findUserByEmail, isSamlOnly, userOrganizations } from '../../auth/accounts';
import { LIMITS, hit, limitByAddress } from '../../auth/rate-limit';
import { resetLink, signupLink } from '../../auth/links';
import { audit } from '../../auth/audit';
import { registrationMail, resetMail } from '../../mail/templates';
import { routePath, routeSchema } from '../contract';

interface EmailLanguage {
  email: string;
  language: string;
}

/**
 * POST /register and POST /forgot-password: the same 202 for known and unknown e-mails, at once;
 * the mail, where it makes sense, is sent after the answer so its timing reveals nothing either.
 */
export async function registrationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, config, tokens, mailer, background } = services;

  /** At most a few mails an hour to one recipient, whoever asks. */
  async function mayMail(email: string) {
    return (await hit(db, LIMITS.mailsPerRecipient, email.toLowerCase())).allowed;
  }

  app.post<{ Body: EmailLanguage }>(routePath('register'), { schema: routeSchema('register') }, async (request, reply) => {
    await limitByAddress(db, LIMITS.register, request);
    const { email, language } = request.body;
    background.run('register', async () => {
      let user = await findUserByEmail(db, email);
      // Already registered, or signing in through the organisation's identity provider: no mail.
      if (user && (user.password_hash || isSamlOnly(await userOrganizations(db, user.id)))) return;
      if (!user) {
        // A new account joins the organisations open for registration.
        const id = randomUUID();
        await db.transaction(async (tx) => {
          await tx.query('INSERT INTO users (id, email, language) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, email, language]);
          await tx.query(
            `INSERT INTO memberships (user_id, organization_id)
             SELECT $1, id FROM organizations WHERE open_registration AND enabled ON CONFLICT DO NOTHING`,
            [id],
          );
        });
        user = await findUserByEmail(db, email);
        if (!user) return;
      }
      await audit(db, request, 'registration.requested', { userId: user.id });
      if (!(await mayMail(email))) return;
      const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'invitation');
      await mailer.send({ to: user.email, ...registrationMail(language, signupLink(config.publicUrl, token)) });
    });
    return reply.code(202).send();
  });

  app.post<{ Body: EmailLanguage }>(routePath('forgotPassword'), { schema: routeSchema('forgotPassword') }, async (request, reply) => {
    await limitByAddress(db, LIMITS.forgotPassword, request);
    const { email, language } = request.body;
    background.run('forgot-password', async () => {
      const user = await findUserByEmail(db, email);
      // No password to reset for users who sign in through their organisation's identity provider.
      if (!user || isSamlOnly(await userOrganizations(db, user.id))) return;
      await audit(db, request, 'password.reset_requested', { userId: user.id });
      if (!(await mayMail(email))) return;
      const token = await tokens.issueOneTime({ userId: user.id, email: user.email }, 'reset');
      await mailer.send({ to: user.email, ...resetMail(language, resetLink(config.publicUrl, token)) });
    });
    return reply.code(202).send();
  });
}
