import { describe, expect, it } from 'vitest';
import { carriedFields } from './carried-fields';
import { ATTACKS } from '../testing/attribute-attacks';

const page = Buffer.from('<form method="get" action="/login"><input name="username"/></form>');

describe('the carried parameters in a prerendered form', () => {
  it('are written into each form as hidden fields', () => {
    expect(carriedFields(page, { app: 'portal', route: '/orders?a=1&b="2"', username: 'x' })?.toString()).toBe(
      '<form method="get" action="/login"><input name="username"/><input type="hidden" name="app" value="portal"/><input type="hidden" name="route" value="/orders?a=1&amp;b=&quot;2&quot;"/></form>',
    );
  });

  it('write a route holding replacement patterns or quotes as one escaped attribute value in every form', () => {
    const forms = Buffer.from(`${page.toString()}<form method="post"></form>`);
    for (const [value, escaped] of ATTACKS) {
      const field = `<input type="hidden" name="app" value="portal"/><input type="hidden" name="domain" value="acme.example"/><input type="hidden" name="route" value="${escaped}"/>`;
      expect(carriedFields(forms, { app: 'portal', domain: 'acme.example', route: value })?.toString(), value).toBe(
        `<form method="get" action="/login"><input name="username"/>${field}</form><form method="post">${field}</form>`,
      );
    }
  });

  it('leave out an app or domain holding replacement patterns or quotes, which their rules refuse', () => {
    for (const [value] of ATTACKS) {
      expect(carriedFields(page, { app: value }), value).toBeUndefined();
      expect(carriedFields(page, { domain: value }), value).toBeUndefined();
    }
  });

  it('leave out a value that breaks its rule, and leave the page alone when nothing is carried', () => {
    expect(carriedFields(page, { app: '"><script>', domain: 'a b' })).toBeUndefined();
    expect(carriedFields(page, {})).toBeUndefined();
    expect(carriedFields(Buffer.from('<p>no form</p>'), { app: 'portal' })).toBeUndefined();
  });
});
