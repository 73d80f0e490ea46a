import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { LIMITS, limitByAddress } from '../../auth/rate-limit';
import { queueMail } from '../../auth/mail-intents';
import { supportedLanguage } from '../../../rules/languages';
import type { Route } from '../contract';
import { routeOptions, routePath } from '../openapi-schemas';

/**
 * Register and forgot-password answer the same 202 for known and unknown e-mails, once the request
 * is queued; the mail, where it makes sense, is composed after the answer so its timing reveals
 * nothing either (server/auth/registration.ts).
 */
export async function registrationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  /** POST /register (flows 4.11): a signup link for a new address, nothing for a known one. */
  app.post<Route<'register'>>(routePath('register'), routeOptions('register'), async (request, reply) => {
    await limitByAddress(db, LIMITS.register, request.ip);
    // Any primary language tag is taken; the mail is in English for one the server does not speak (flows 3).
    const linkRequest = { email: request.body.email, language: supportedLanguage(request.body.language), clientAddress: request.ip };
    await queueMail(services, { kind: 'signup-link', params: linkRequest });
    return reply.code(202).send();
  });

  /** POST /forgot-password (flows 4.12): a reset link for a known password user, nothing otherwise. */
  app.post<Route<'forgotPassword'>>(routePath('forgotPassword'), routeOptions('forgotPassword'), async (request, reply) => {
    await limitByAddress(db, LIMITS.forgotPassword, request.ip);
    const linkRequest = { email: request.body.email, language: supportedLanguage(request.body.language), clientAddress: request.ip };
    await queueMail(services, { kind: 'reset-link', params: linkRequest });
    return reply.code(202).send();
  });
}
