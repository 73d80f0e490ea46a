import { describe, expect, it } from 'vitest';
import { afterTyping, firstEmptyBox, pastedCode, withoutLastDigit } from './code-rules';

describe('the code boxes’ rules', () => {
  it('take a paste of six characters, spaces left out, and nothing else', () => {
    expect(pastedCode(' 49 20 39\n')).toEqual({ code: '492039' });
    expect(pastedCode('49203')).toEqual({ problem: { kind: 'length', length: 5 } });
    // One character as a person sees it, though two UTF-16 units.
    expect(pastedCode('49203😀')).toEqual({ code: '49203', problem: { kind: 'not-digits', characters: ['😀'] } });
  });

  it('send the next digit to the first empty box', () => {
    expect(firstEmptyBox('4 2 39')).toBe(1);
    expect(firstEmptyBox('42')).toBe(2);
    expect(afterTyping('4 2 39', '4 2 391')).toBe('412 39');
    expect(afterTyping('12', '192')).toBe('129');
  });

  it('read the phone’s autofill or a keyboard’s own deletion as the new code', () => {
    expect(afterTyping('4 2 39', '123456')).toBe('123456');
    expect(afterTyping('4 2 39', '4 2 3')).toBe('4 2 3');
    expect(afterTyping('123', '12')).toBe('12');
    expect(afterTyping('', '1234567')).toBe('123456');
  });

  it('clear the last filled box and the empty ones before it', () => {
    expect(withoutLastDigit('4 2')).toBe('4');
    expect(withoutLastDigit('')).toBe('');
  });
});
