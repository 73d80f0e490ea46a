/**
 * Where the OpenID Provider sends a person to sign in: the front door's Login, with the
 * interaction in `oidc` (a carried parameter, rules/carried.ts), the app's `login_hint` as the
 * e-mail, the first of its `ui_locales` the front door speaks as `locale`, the organisation it asks
 * for as `domain` (flows 4.2, 4.7), and `prompt=login` when the person must prove who they are
 * again (`prompt=login`, `max_age`, a second factor asked for).
 */
import type { Interaction } from 'oidc-provider';
import { isEmail } from '../../rules/email';
import { carriedSearch } from '../../rules/carried';
import { spokenLanguage } from './claims';

/** The reasons of a login prompt that a stored session does not satisfy. */
const FRESH_SIGN_IN = new Set(['login_prompt', 'max_age', 'second_factor']);

export function interactionLoginUrl(interaction: Pick<Interaction, 'uid' | 'params' | 'prompt'>): string {
  const { params, prompt } = interaction;
  const query = new URLSearchParams({ oidc: interaction.uid });
  if (typeof params.login_hint === 'string' && isEmail(params.login_hint)) query.set('username', params.login_hint);
  const locale = spokenLanguage(params.ui_locales);
  const domain = params.org ?? params.domain;
  const carried = carriedSearch({ locale, domain });
  for (const [key, value] of Object.entries(carried)) query.set(key, value);
  if (prompt.reasons.some((reason) => FRESH_SIGN_IN.has(reason))) query.set('prompt', 'login');
  return `/login?${query.toString()}`;
}
