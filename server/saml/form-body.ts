/**
 * HTML form bodies (application/x-www-form-urlencoded), which the SAML HTTP-POST binding uses: the
 * IdP's page posts SAMLResponse and RelayState as a form. Added per plugin scope, not to the whole API,
 * which speaks JSON.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * A refused body, as Fastify's own refusals are: an error with its status, which the scope's error
 * handler answers (the API's in the contract's shape, by the status: server/api/errors.ts).
 */
function refused(statusCode: 400 | 415, message: string): Error {
  return Object.assign(new Error(message), { statusCode });
}

/** Parses form bodies in this plugin scope; a repeated field is refused rather than guessed at. */
export function acceptFormBodies(app: FastifyInstance): void {
  if (app.hasContentTypeParser(FORM_CONTENT_TYPE)) return;
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    const params = new URLSearchParams(body as string);
    const names = [...params.keys()];
    if (new Set(names).size !== names.length) {
      done(refused(400, 'A form field is repeated.'));
      return;
    }
    // fromEntries defines own properties, so a field named __proto__ stays a plain field.
    done(null, Object.fromEntries(params));
  });
}

/** onRequest hook of a form route: any other body type is 415 (the JSON parser would accept JSON). */
export async function requireFormBody(request: FastifyRequest): Promise<void> {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== FORM_CONTENT_TYPE) {
    throw refused(415, `The body must be ${FORM_CONTENT_TYPE}.`);
  }
}
