/**
 * Where the OpenID Provider's engine keeps what it issues (sessions, interactions, grants, codes,
 * tokens): the front door's database, PGlite or PostgreSQL, so instances on one PostgreSQL serve
 * one issuer (an interaction started on one is finished on another). Clients are the admin
 * command's rows (server/oidc/clients.ts), read-only here.
 */
import { errors, type Adapter, type AdapterConstructor, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database-types';
import {
  consumeOidcPayload,
  deleteOidcPayload,
  deleteOidcPayloadsOfGrant,
  findOidcPayload,
  findOidcPayloadByUid,
  findOidcPayloadByUserCode,
  grantOfOidcPayload,
  upsertOidcPayload,
} from '../db/oidc';
import { findClientMetadata } from './clients';
import { frontDoorSessionOf } from './refresh-tokens';

/** The engine's models kept here, the device flow's codes among them. */
export function databaseAdapter(db: Database): AdapterConstructor {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      if (this.model === 'Client') throw new Error('Clients are made by the admin command (npm run admin -- create-client).');
      await upsertOidcPayload(db, {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId,
        uid: payload.uid,
        expiresInSeconds: expiresIn,
        frontDoorSession: await frontDoorSessionOf(db, this.model, payload),
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return findClientMetadata(db, id);
      return (await findOidcPayload(db, this.model, id)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await findOidcPayloadByUid(db, this.model, uid)) as AdapterPayload | undefined;
    }

    /** A device code by the code its person types (server/oidc/devices.ts). */
    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return (await findOidcPayloadByUserCode(db, userCode)) as AdapterPayload | undefined;
    }

    /**
     * The engine reads a code or a refresh token, checks it is not consumed, then consumes it: of
     * two uses that read it at once, the one that does not mark it is refused here, before any token
     * is issued, and what its grant issued is revoked, as for any reused code (RFC 6749 section
     * 4.1.2) or refresh token (server/oidc/refresh-tokens.ts).
     */
    async consume(id: string): Promise<void> {
      if (await consumeOidcPayload(db, this.model, id)) return;
      const grantId = await grantOfOidcPayload(db, this.model, id);
      if (grantId) {
        await deleteOidcPayloadsOfGrant(db, grantId);
        await deleteOidcPayload(db, 'Grant', grantId);
      }
      throw new errors.InvalidGrant(this.model === 'RefreshToken' ? 'refresh token already used' : 'authorization code already consumed');
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcPayload(db, this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOidcPayloadsOfGrant(db, grantId);
    }
  };
}
