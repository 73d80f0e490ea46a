import { describe, expect, it } from 'vitest';
import { codePasteTexts } from './code-paste-texts';

describe('what the code boxes say of a paste', () => {
  it('names the one character that is not a digit, or each of them', () => {
    const texts = codePasteTexts();
    expect(texts.notDigits(['a'])).toBe('Only digits: “a” is not a digit.');
    expect(texts.notDigits(['a', '-', 'O'])).toBe('Only digits: “a”, “-”, and “O” are not digits.');
    expect(texts.wrongLength).toBe('Paste exactly 6 digits.');
  });
});
