import { describe, expect, it } from 'vitest';
import { carriedFields } from './carried-fields';

const page = Buffer.from('<form method="get" action="/login"><input name="username"/></form>');

describe('the carried parameters in a prerendered form', () => {
  it('are written into each form as hidden fields', () => {
    expect(carriedFields(page, { app: 'portal', route: '/orders?a=1&b="2"', username: 'x' })?.toString()).toBe(
      '<form method="get" action="/login"><input name="username"/><input type="hidden" name="app" value="portal"/><input type="hidden" name="route" value="/orders?a=1&amp;b=&quot;2&quot;"/></form>',
    );
  });

  it('leave out a value that breaks its rule, and leave the page alone when nothing is carried', () => {
    expect(carriedFields(page, { app: '"><script>', domain: 'a b' })).toBeUndefined();
    expect(carriedFields(page, {})).toBeUndefined();
    expect(carriedFields(Buffer.from('<p>no form</p>'), { app: 'portal' })).toBeUndefined();
  });
});
