/**
 * SCIM 2.0 at `{PUBLIC_URL}/scim/v2` (RFC 7643, RFC 7644): an organisation's directory (Microsoft
 * Entra ID, Okta, …) adds, changes, deactivates and removes its members with a bearer token that
 * `npm run admin -- create-scim-token` printed (server/auth/directory.ts, docs/federation.md). Each
 * token sees its organisation's members only; another organisation's member is not found. Errors
 * come in SCIM's shape; requests are counted per token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import { addMember, organizationOfToken, removeMember, updateMember } from '../auth/directory';
import { directoryMember, directoryMembers } from '../db/scim';
import type { OrganizationRow } from '../db/organizations';
import { LIMITS, hit } from '../auth/rate-limit';
import { sha256Hex } from '../auth/sha256';
import type { ChangedBy } from '../auth/people';
import { MAX_RESULTS, SCIM_CONTENT_TYPE, ScimError, listResponse, serviceProviderConfig, userResource, userResourceType, userSchema } from './resources';
import { filteredUserName, patchChange, resourceChange } from './changes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation whose token the request carries. */
    scimOrganization: Pick<OrganizationRow, 'id' | 'context' | 'default_language'> | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A whole number query parameter of at least `least`, else the default. */
function whole(value: unknown, fallback: number, least: number): number {
  const parsed = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(parsed) ? Math.max(parsed, least) : fallback;
}

export async function scimRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db, config } = services;
  const base = `${config.publicUrl}/scim/v2`;
  app.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(new ScimError(400, 'The body is not JSON.', 'invalidSyntax'));
    }
  });
  app.decorateRequest('scimOrganization', null);
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    // A refusal Fastify itself makes (a body too large, a bad content type) keeps its status; anything else is ours to hide.
    const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    const scim = error instanceof ScimError ? error : new ScimError(status, status < 500 ? error.message : 'Something went wrong.');
    if (scim.status >= 500) request.log.error({ err: error }, 'SCIM request failed');
    return reply.code(scim.status).type(SCIM_CONTENT_TYPE).send(scim.body);
  });
  app.addHook('onRequest', async (request, reply) => {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const organization = token === undefined ? undefined : await organizationOfToken(db, token);
    if (token === undefined || !organization) {
      reply.header('www-authenticate', 'Bearer');
      throw new ScimError(401, 'A valid SCIM bearer token is required.');
    }
    const counted = await hit(db, LIMITS.scim, sha256Hex(token).slice(0, 16));
    if (!counted.allowed) {
      reply.header('retry-after', String(counted.retryAfter));
      throw new ScimError(429, 'Too many requests for this token; try again later.');
    }
    request.scimOrganization = organization;
  });

  const organizationOf = (request: FastifyRequest) => {
    if (!request.scimOrganization) throw new ScimError(401, 'A valid SCIM bearer token is required.');
    return request.scimOrganization;
  };
  const by = (request: FastifyRequest): ChangedBy => ({ clientAddress: request.ip, via: 'scim' });
  const send = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type(SCIM_CONTENT_TYPE).send(body);
  const userId = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) throw new ScimError(404, 'No such user in this organisation.');
    return id;
  };

  app.get('/ServiceProviderConfig', async (_request, reply) => send(reply, 200, serviceProviderConfig(base)));
  app.get('/ResourceTypes', async (_request, reply) => send(reply, 200, listResponse([userResourceType(base)], 1, 1)));
  app.get('/ResourceTypes/User', async (_request, reply) => send(reply, 200, userResourceType(base)));
  app.get('/Schemas', async (_request, reply) => send(reply, 200, listResponse([userSchema(base)], 1, 1)));
  app.get('/Schemas/:id', async (request, reply) => {
    const schema = userSchema(base);
    if ((request.params as { id: string }).id !== schema.id) throw new ScimError(404, 'No such schema.');
    return send(reply, 200, schema);
  });

  app.get('/Users', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const email = filteredUserName(typeof query.filter === 'string' ? query.filter : undefined);
    const startIndex = whole(query.startIndex, 1, 1);
    const count = Math.min(whole(query.count, MAX_RESULTS, 0), MAX_RESULTS);
    const organization = organizationOf(request);
    const { total, members } = await directoryMembers(db, organization.id, { email, offset: startIndex - 1, limit: count });
    return send(
      reply,
      200,
      listResponse(
        members.map((member) => userResource(base, member)),
        total,
        startIndex,
      ),
    );
  });

  app.get('/Users/:id', async (request, reply) => {
    const member = await directoryMember(db, organizationOf(request).id, userId(request));
    if (!member) throw new ScimError(404, 'No such user in this organisation.');
    return send(reply, 200, userResource(base, member));
  });

  app.post('/Users', async (request, reply) => {
    const added = await addMember(services, organizationOf(request), resourceChange(request.body), by(request));
    if (added.kind === 'taken') throw new ScimError(409, 'A member with this userName exists.', 'uniqueness');
    return send(reply.header('location', `${base}/Users/${added.member.user_id}`), 201, userResource(base, added.member));
  });

  const update = async (request: FastifyRequest, reply: FastifyReply, replace: boolean) => {
    const change = replace ? resourceChange(request.body) : patchChange(request.body);
    const updated = await updateMember(services, organizationOf(request), userId(request), change, by(request), replace);
    if (updated.kind === 'not-found') throw new ScimError(404, 'No such user in this organisation.');
    if (updated.kind === 'renamed') throw new ScimError(400, 'userName is the person’s sign-in everywhere and does not change here.', 'mutability');
    return send(reply, 200, userResource(base, updated.member));
  };
  app.put('/Users/:id', (request, reply) => update(request, reply, true));
  app.patch('/Users/:id', (request, reply) => update(request, reply, false));

  app.delete('/Users/:id', async (request, reply) => {
    if (!(await removeMember(services, organizationOf(request), userId(request), by(request)))) throw new ScimError(404, 'No such user in this organisation.');
    return reply.code(204).send();
  });
}
