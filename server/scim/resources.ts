/**
 * SCIM 2.0's shapes (RFC 7643, RFC 7644) as the front door answers them: a member as a User resource,
 * a list, an error, and what the directory may ask about the service (docs/federation.md).
 */
import type { DirectoryMember } from '../db/scim';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** The most a list answers at once, whatever `count` asks. */
export const MAX_RESULTS = 100;

/** A SCIM error: the status as a string, and `scimType` where RFC 7644 section 3.12 names one. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: 'uniqueness' | 'invalidFilter' | 'invalidValue' | 'invalidSyntax' | 'mutability' | 'noTarget',
  ) {
    super(message);
  }
  get body() {
    return { schemas: [ERROR_SCHEMA], status: String(this.status), ...(this.scimType ? { scimType: this.scimType } : {}), detail: this.message };
  }
}

export function userResource(base: string, member: DirectoryMember) {
  const name = member.given_name !== null || member.family_name !== null;
  return {
    schemas: [USER_SCHEMA],
    id: member.user_id,
    ...(member.external_id !== null ? { externalId: member.external_id } : {}),
    userName: member.email,
    ...(name
      ? {
          name: {
            ...(member.given_name !== null ? { givenName: member.given_name } : {}),
            ...(member.family_name !== null ? { familyName: member.family_name } : {}),
          },
        }
      : {}),
    emails: [{ value: member.email, type: 'work', primary: true }],
    active: member.enabled,
    meta: {
      resourceType: 'User',
      created: new Date(member.created_at).toISOString(),
      lastModified: new Date(member.updated_at).toISOString(),
      location: `${base}/Users/${member.user_id}`,
    },
  };
}

export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${base}/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: 'The token npm run admin -- create-scim-token printed',
        specUri: 'https://www.rfc-editor.org/info/rfc6750',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function userResourceType(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A member of the organisation',
    schema: USER_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  };
}

const attribute = (name: string, type: string, extra: object = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function userSchema(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: USER_SCHEMA,
    name: 'User',
    description: 'A member of the organisation',
    attributes: [
      attribute('userName', 'string', { required: true, uniqueness: 'server', mutability: 'immutable' }),
      attribute('externalId', 'string', { caseExact: true }),
      attribute('name', 'complex', { subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string')] }),
      attribute('emails', 'complex', {
        multiValued: true,
        subAttributes: [attribute('value', 'string'), attribute('type', 'string'), attribute('primary', 'boolean')],
      }),
      attribute('active', 'boolean'),
    ],
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
  };
}
