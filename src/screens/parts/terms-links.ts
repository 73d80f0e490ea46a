/**
 * The links of an organisation's terms (flows 3): a '||'-separated list per language. The user's
 * language first, then the organisation's default, then English, then any; only http(s) links.
 */
import type { CurrentOrganization } from '../../api/organizations';

export interface TermsLink {
  href: string;
  /** The document's file name, so people see what they open. */
  name: string;
}

export function termsLinks(organization: Pick<CurrentOrganization, 'termsAndConditions' | 'language'>, language: string): TermsLink[] {
  const content = organization.termsAndConditions.content;
  const text = content[language] ?? content[organization.language.default] ?? content.en ?? Object.values(content)[0] ?? '';
  return text
    .split('||')
    .map((part) => part.trim())
    .flatMap((part) => {
      try {
        const url = new URL(part);
        if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
        const name = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? url.hostname);
        return [{ href: url.href, name }];
      } catch {
        return [];
      }
    });
}
