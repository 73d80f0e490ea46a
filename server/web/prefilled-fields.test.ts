import { describe, expect, it } from 'vitest';
import { prefilledFields } from './prefilled-fields';
import { ATTACKS } from '../testing/attribute-attacks';

const reset = Buffer.from('<form><input name="email" type="email" value data-prefill="username email" required/></form>');
const login = Buffer.from('<form><input name="username" type="email" data-prefill="username" required/></form>');

describe('the fields a query parameter fills in a prerendered page', () => {
  it('take the first of their parameters the query has, escaped', () => {
    expect(prefilledFields(reset, { email: 'b@example.com', username: 'a"<b>@example.com' })?.toString()).toBe(
      '<form><input name="email" type="email" value="a&quot;&lt;b&gt;@example.com" data-prefill="username email" required/></form>',
    );
    expect(prefilledFields(reset, { email: 'b@example.com' })?.toString()).toContain(' value="b@example.com" ');
  });

  it('get a value attribute where the page wrote none', () => {
    expect(prefilledFields(login, { username: 'ada@example.com' })?.toString()).toBe(
      '<form><input name="username" type="email" data-prefill="username" required value="ada@example.com"/></form>',
    );
  });

  it('write a value holding replacement patterns or quotes as one escaped attribute value', () => {
    // A replacement string would expand $` and $' into the text around the match, quotes included.
    for (const [value, escaped] of ATTACKS) {
      expect(prefilledFields(reset, { username: value })?.toString(), value).toBe(
        `<form><input name="email" type="email" value="${escaped}" data-prefill="username email" required/></form>`,
      );
      expect(prefilledFields(login, { username: value })?.toString(), value).toBe(
        `<form><input name="username" type="email" data-prefill="username" required value="${escaped}"/></form>`,
      );
    }
  });

  it('leave the page alone without a usable parameter', () => {
    expect(prefilledFields(login, {})).toBeUndefined();
    expect(prefilledFields(login, { username: '' })).toBeUndefined();
    expect(prefilledFields(login, { username: ['a@example.com', 'b@example.com'] })).toBeUndefined();
    expect(prefilledFields(login, { username: 'a'.repeat(1025) })).toBeUndefined();
    expect(prefilledFields(Buffer.from('<input name="username"/>'), { username: 'ada@example.com' })).toBeUndefined();
  });
});
