/**
 * The carried parameters of a request (flows 2, rules/carried.ts) as hidden fields of the page's
 * forms, so a form the browser sends itself, before the script has arrived or without one, keeps
 * them. The app's first view renders the same fields and takes these over.
 */
import { CARRIED_KEYS, carriedSearch } from '../../rules/carried';
import { escapeHtml } from './html';

/**
 * The page with the fields written into each form, or undefined when there is nothing to write; by a
 * function replacement, so `$&`, `` $` `` or `$'` in a value stay text (see prefilled-fields.ts).
 */
export function carriedFields(page: Buffer, query: Readonly<Record<string, unknown>>): Buffer | undefined {
  const carried = carriedSearch(query);
  const fields = CARRIED_KEYS.flatMap((key) => {
    const value = carried[key];
    return value ? [`<input type="hidden" name="${key}" value="${escapeHtml(value)}"/>`] : [];
  }).join('');
  const html = page.toString();
  if (!fields || !html.includes('</form>')) return undefined;
  return Buffer.from(html.replaceAll('</form>', () => `${fields}</form>`));
}
