/** Company selection and terms (flows 4.7, 4.8): the user's organisations, the current one, the user. */
import { api } from './client';
import type { components } from '../../openapi/auth';
import { answerOf, failed, type Failed } from './request';

export type Organization = components['schemas']['Organization'];
export type CurrentOrganization = components['schemas']['CurrentOrganization'];
export type User = components['schemas']['User'];

/** Reserved contexts sort first (flows 2, 6). */
const RESERVED_ORDER = ['serviceProvider', 'meta'];

/** The enabled organisations, reserved contexts first, then by name (flows 2, /company). */
function sortOrganizations(organizations: readonly Organization[]): Organization[] {
  const rank = (organization: Organization) => {
    const index = RESERVED_ORDER.indexOf(organization.context);
    return index === -1 ? RESERVED_ORDER.length : index;
  };
  return organizations.filter((organization) => organization.enabled).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export type OrganizationsResult = { kind: 'organizations'; organizations: Organization[] } | { kind: 'unauthorized' } | Failed;

/** GET {context}/user/organizations: the organisations the user may enter. */
export async function userOrganizations(context: string): Promise<OrganizationsResult> {
  const answer = await answerOf(api.GET('/{context}/user/organizations', { params: { path: { context } } }));
  if (answer.status === 401) return { kind: 'unauthorized' };
  return answer.status === 200 && answer.data ? { kind: 'organizations', organizations: sortOrganizations(Object.values(answer.data)) } : failed(answer);
}

export type TermsSubjectResult = { kind: 'loaded'; organization: CurrentOrganization; user: User } | Failed;

/** GET {context}/organization/current and GET {context}/user/{userId}, together (flows 4.8). */
export async function termsSubject(context: string, userId: string): Promise<TermsSubjectResult> {
  const [organization, user] = await Promise.all([
    answerOf(api.GET('/{context}/organization/current', { params: { path: { context } } })),
    answerOf(api.GET('/{context}/user/{userId}', { params: { path: { context, userId } } })),
  ]);
  if (organization.status !== 200 || !organization.data) return failed(organization);
  if (user.status !== 200 || !user.data) return failed(user);
  return { kind: 'loaded', organization: organization.data, user: user.data };
}

export type AcceptTermsResult = { kind: 'accepted' } | Failed;

/** POST {context}/user/acceptTermsAndConditions, no body. */
export async function acceptTerms(context: string): Promise<AcceptTermsResult> {
  const answer = await answerOf(api.POST('/{context}/user/acceptTermsAndConditions', { params: { path: { context } }, parseAs: 'text' }));
  return answer.status >= 200 && answer.status < 300 ? { kind: 'accepted' } : failed(answer);
}
