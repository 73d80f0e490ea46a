import { describe, expect, it } from 'vitest';
import { interactionLoginUrl } from './interaction-url';

const interaction = (params: Record<string, unknown>, reasons: string[] = ['no_session']) => ({
  uid: 'Xk4wP0bq2rNf7Hc9LmTz1',
  params,
  prompt: { name: 'login', reasons, details: {} },
});

describe('where an app’s sign-in sends the person', () => {
  it('is Login with the interaction, the hint as the e-mail, the first language spoken and the organisation asked for', () => {
    const url = new URL(
      interactionLoginUrl(interaction({ login_hint: 'ada@example.com', ui_locales: 'tr de-CH fr', org: 'acme' })),
      'https://auth.example.com',
    );
    expect(url.pathname).toBe('/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({ oidc: 'Xk4wP0bq2rNf7Hc9LmTz1', username: 'ada@example.com', locale: 'de', domain: 'acme' });
  });

  it('asks for a fresh sign-in when the app asked for one, by prompt=login, max_age or a second factor', () => {
    for (const reason of ['login_prompt', 'max_age', 'second_factor']) {
      expect(new URL(interactionLoginUrl(interaction({}, [reason])), 'https://a.test').searchParams.get('prompt')).toBe('login');
    }
    expect(new URL(interactionLoginUrl(interaction({}, ['no_session', 'front_door_session_ended'])), 'https://a.test').searchParams.has('prompt')).toBe(false);
  });

  it('names the person the provider knows when the app asks them to sign in again, and only then; the app’s own hint first', () => {
    const known = 'ada@example.com';
    expect(new URL(interactionLoginUrl(interaction({}, ['login_prompt']), known), 'https://a.test').searchParams.get('username')).toBe(known);
    expect(new URL(interactionLoginUrl(interaction({}, ['max_age']), known), 'https://a.test').searchParams.get('username')).toBe(known);
    expect(
      new URL(interactionLoginUrl(interaction({}, ['no_session', 'front_door_session_ended']), known), 'https://a.test').searchParams.has('username'),
    ).toBe(false);
    expect(
      new URL(interactionLoginUrl(interaction({ login_hint: 'bob@example.com' }, ['login_prompt']), known), 'https://a.test').searchParams.get('username'),
    ).toBe('bob@example.com');
  });

  it('leaves out a hint that is not an e-mail, languages it does not speak and an organisation outside the carried rule', () => {
    const url = new URL(interactionLoginUrl(interaction({ login_hint: 'not an e-mail', ui_locales: 'tr ja', domain: '<script>' })), 'https://a.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ oidc: 'Xk4wP0bq2rNf7Hc9LmTz1' });
  });
});
