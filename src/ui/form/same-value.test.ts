import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value';

describe('the same value, for dirty', () => {
  it('compares primitives as Object.is does', () => {
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue(1, 2)).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValue(null, undefined)).toBe(false);
  });

  it('compares dates by their time, arrays and plain objects by content', () => {
    expect(sameValue(new Date('2030-05-14'), new Date('2030-05-14'))).toBe(true);
    expect(sameValue(new Date('2030-05-14'), new Date('2030-05-15'))).toBe(false);
    expect(sameValue(new Date('nonsense'), new Date('nonsense'))).toBe(true);
    expect(sameValue(['a', ['b']], ['a', ['b']])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue({ url: '/1.png', size: { width: 1 } }, { size: { width: 1 }, url: '/1.png' })).toBe(true);
    expect(sameValue({ url: '/1.png' }, { url: '/1.png', alt: undefined })).toBe(false);
    expect(sameValue(Object.assign(Object.create(null), { a: 1 }), { a: 1 })).toBe(true);
  });

  it('compares anything else only to itself', () => {
    const picture = new Blob(['x'], { type: 'image/png' });
    expect(sameValue(picture, picture)).toBe(true);
    expect(sameValue(picture, new Blob(['x'], { type: 'image/png' }))).toBe(false);
    expect(sameValue([], {})).toBe(false);
  });
});
