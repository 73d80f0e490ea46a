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
import { spokenLanguage } from '../auth/oidc-claims';

/** The reasons of a login prompt that a stored session does not satisfy. */
const FRESH_SIGN_IN = new Set(['login_prompt', 'max_age', 'second_factor']);

/** Does the app ask the person the provider knows to prove it again? */
export const asksForFreshSignIn = (interaction: Pick<Interaction, 'prompt'>) => interaction.prompt.reasons.some((reason) => FRESH_SIGN_IN.has(reason));

/**
 * `known`: the e-mail of the person the provider's session stands for, when the app asks them for
 * a fresh sign-in: Login goes on with it (their password, passkey or identity provider) and says
 * "Confirm it's you" (flows 4.18). An app's own `login_hint` comes first.
 */
export function interactionLoginUrl(interaction: Pick<Interaction, 'uid' | 'params' | 'prompt'>, known?: string): string {
  const { params, prompt } = interaction;
  const query = new URLSearchParams({ oidc: interaction.uid });
  const hint = typeof params.login_hint === 'string' && isEmail(params.login_hint) ? params.login_hint : undefined;
  const username = hint ?? (known !== undefined && isEmail(known) && asksForFreshSignIn(interaction) ? known : undefined);
  if (username !== undefined) query.set('username', username);
  const locale = spokenLanguage(params.ui_locales);
  const domain = params.org ?? params.domain;
  const carried = carriedSearch({ locale, domain });
  for (const [key, value] of Object.entries(carried)) query.set(key, value);
  if (asksForFreshSignIn({ prompt })) query.set('prompt', 'login');
  return `/login?${query.toString()}`;
}
