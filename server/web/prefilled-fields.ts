/**
 * Fields a query parameter fills (flows 2: `username` pre-fills the e-mail of Login, PasswordReset
 * and Register), filled in the prerendered page itself: the field shows its value at first paint,
 * and a form sent before the script has arrived, or without one, passes the browser's `required`
 * check with it. A field names its parameters, first found first, in `data-prefill`.
 */
import { escapeHtml } from './html';

/** Longer than any e-mail the rules accept (254): a value past it is not worth writing. */
const MAX_LENGTH = 1024;

const INPUT = /<input\b[^>]*\bdata-prefill="([^"]*)"[^>]*>/g;
const VALUE = /\svalue(="[^"]*")?(?=[\s/>])/;

/** The tag with an attribute added last, before its `>` or `/>`. */
function withAttribute(tag: string, attribute: string): string {
  const end = tag.endsWith('/>') ? '/>' : '>';
  return `${tag.slice(0, -end.length).trimEnd()}${attribute}${end}`;
}

/**
 * The page with its prefill fields filled from the query, or undefined when none is. The value is
 * written by function replacements: a replacement string would expand `$&`, `` $` `` and `$'` in it
 * into parts of the page, quotes included, and so let a query add attributes.
 */
export function prefilledFields(page: Buffer, query: Readonly<Record<string, unknown>>): Buffer | undefined {
  let filled = false;
  const html = page.toString().replace(INPUT, (tag, names: string) => {
    const value = names
      .split(' ')
      .map((name) => query[name])
      .find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '' && candidate.length <= MAX_LENGTH);
    if (value === undefined) return tag;
    filled = true;
    const attribute = ` value="${escapeHtml(value)}"`;
    return VALUE.test(tag) ? tag.replace(VALUE, () => attribute) : withAttribute(tag, attribute);
  });
  return filled ? Buffer.from(html) : undefined;
}
