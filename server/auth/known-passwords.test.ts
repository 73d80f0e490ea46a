import { describe, expect, it } from 'vitest';
import { isKnownPassword, ownWords, type PasswordOwner } from './known-passwords';

const ada: PasswordOwner = { email: 'ada.lovelace@analytical.example', organisations: [{ context: 'acme', name: 'Acme Engines' }] };
const quiet = { rangeServiceUrl: undefined, log: { warn: () => {} } };
const known = (password: string, owner: PasswordOwner = ada) => isKnownPassword(password, owner, quiet);

describe('passwords attackers try first', () => {
  it.each(['Password123', 'Welcome2024', 'Qwerty12345', 'Passwort123', 'Bonjour2024', 'abcdefgH1'])('refuses %s, common or guessable', async (password) => {
    expect(await known(password)).toBe(true);
  });

  it.each(['Schmetterling1', 'Farfalla2024', 'Papillon2024'])(
    'refuses %s, a common word of a language the front door speaks and a number',
    async (password) => {
      expect(await known(password)).toBe(true);
    },
  );

  it.each(['Acme2025acme', 'Engines2024!', 'Lovelace1815', 'Analytical-2024', 'ada.lovelace@analytical.example1A'])(
    'refuses %s, made of the person’s own e-mail or organisation',
    async (password) => {
      expect(await known(password)).toBe(true);
    },
  );

  it.each(['correct-horse-battery-9X', 'acme-correct-horse-battery-9X', 'Brand-New-Pass-7'])('accepts %s', async (password) => {
    expect(await known(password)).toBe(false);
  });

  it('takes a password made of someone else’s words', async () => {
    expect(await known('Lovelace-Engines-1815', ada)).toBe(true);
    expect(await known('Lovelace-Engines-1815', { email: 'grace@navy.example', organisations: [] })).toBe(false);
  });

  it('counts the e-mail, its parts and each organisation’s context and name words as the person’s own', () => {
    expect(ownWords(ada).sort()).toEqual(
      ['acme', 'acme engines', 'ada', 'ada.lovelace', 'ada.lovelace@analytical.example', 'analytical', 'engines', 'lovelace'].sort(),
    );
  });
});
