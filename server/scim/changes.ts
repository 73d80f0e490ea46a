/**
 * What a directory's request asks of a member, as one flat change, whichever way it says it:
 * a POST or PUT body, or a PATCH as Microsoft Entra ID sends it (`"op": "Replace"`, `"value": "False"`
 * as a string, paths such as `emails[type eq "work"].value` or `name.givenName`) and as Okta does
 * (lower-case ops, booleans, a value object without a path).
 */
import { isEmail } from '../../rules/email';
import { ScimError } from './resources';

export interface MemberChange {
  userName?: string;
  active?: boolean;
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A boolean as either sends it: true or "True", in any case. */
function booleanOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, '"active" must be true or false.', 'invalidValue');
}

const BOUND = 256;

function textOf(value: unknown, name: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.length > BOUND) throw new ScimError(400, `"${name}" must be a string of at most ${BOUND} characters.`, 'invalidValue');
  return value;
}

function userNameOf(value: unknown): string {
  if (typeof value !== 'string' || !isEmail(value)) throw new ScimError(400, '"userName" must be the person’s e-mail address.', 'invalidValue');
  return value;
}

/** The work (else primary, else first) address of an `emails` array. */
function emailOf(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const emails = value.filter(isObject);
  const chosen = emails.find((email) => email.type === 'work') ?? emails.find((email) => email.primary === true) ?? emails[0];
  return chosen ? userNameOf(chosen.value) : undefined;
}

/** A whole resource (POST, PUT): what it says, `userName` required. */
export function resourceChange(body: unknown): MemberChange & { userName: string } {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a User resource.', 'invalidSyntax');
  const name = isObject(body.name) ? body.name : {};
  const email = emailOf(body.emails);
  const userName = userNameOf(body.userName);
  if (email !== undefined && email.toLowerCase() !== userName.toLowerCase()) {
    throw new ScimError(400, 'The work e-mail must be the userName: the front door signs people in by one address.', 'invalidValue');
  }
  return {
    userName,
    active: body.active === undefined ? true : booleanOf(body.active),
    externalId: textOf(body.externalId, 'externalId'),
    givenName: textOf(name.givenName, 'name.givenName'),
    familyName: textOf(name.familyName, 'name.familyName'),
  };
}

/** One attribute a PATCH path or a path-less value's key names. */
function applyPath(change: MemberChange, path: string, value: unknown, remove: boolean): void {
  const key = path.replace(/^urn:ietf:params:scim:schemas:core:2\.0:User:/, '');
  switch (key.toLowerCase()) {
    case 'active':
      change.active = booleanOf(value);
      return;
    case 'externalid':
      change.externalId = remove ? null : textOf(value, 'externalId');
      return;
    case 'name.givenname':
      change.givenName = remove ? null : textOf(value, 'name.givenName');
      return;
    case 'name.familyname':
      change.familyName = remove ? null : textOf(value, 'name.familyName');
      return;
    case 'name':
      if (!isObject(value)) throw new ScimError(400, '"name" must be an object.', 'invalidValue');
      if ('givenName' in value) change.givenName = textOf(value.givenName, 'name.givenName');
      if ('familyName' in value) change.familyName = textOf(value.familyName, 'name.familyName');
      return;
    case 'username':
      change.userName = userNameOf(value);
      return;
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value':
      change.userName = userNameOf(value);
      return;
    case 'emails':
      change.userName = emailOf(value) ?? change.userName;
      return;
    default:
      // What the front door keeps no room for (a display name, a title, the enterprise extension) is taken and not kept.
      return;
  }
}

/** A PatchOp's operations, in order, as one change. */
export function patchChange(body: unknown): MemberChange {
  if (!isObject(body) || !Array.isArray(body.Operations)) throw new ScimError(400, 'The body must be a PatchOp with Operations.', 'invalidSyntax');
  const change: MemberChange = {};
  for (const operation of body.Operations) {
    if (!isObject(operation) || typeof operation.op !== 'string') throw new ScimError(400, 'Each operation needs an "op".', 'invalidSyntax');
    const op = operation.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(400, `"${operation.op}" is not a PATCH operation.`, 'invalidSyntax');
    const remove = op === 'remove';
    if (typeof operation.path === 'string') applyPath(change, operation.path, operation.value, remove);
    else if (isObject(operation.value) && !remove) for (const [path, value] of Object.entries(operation.value)) applyPath(change, path, value, false);
    else throw new ScimError(400, 'An operation without a path needs an object value.', 'noTarget');
  }
  return change;
}

/** `userName eq "…"`, the one filter directories send to find a person (RFC 7644 section 3.4.2.2). */
export function filteredUserName(filter: string | undefined): string | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = /^\s*userName\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) throw new ScimError(400, 'Only the filter userName eq "…" is supported.', 'invalidFilter');
  return match[1]!.replace(/\\(.)/g, '$1');
}
