import { useEffect, type ReactNode } from 'react';

export interface CentredLayoutProps {
  /** The logo above the content. */
  logo: ReactNode;
  /** The optional `locale` query parameter of the page (flows 2). */
  locale?: string | undefined;
  /** Switches the interface language; called when `locale` is given. */
  onLocale?(locale: string): void;
  /** Under the content: links, a language choice. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The centred layout with a logo (flows 2): the content in a column in the middle of the page, the
 * page's main landmark. A `locale` query parameter switches the interface language to it.
 *
 * @example
 * <CentredLayout logo={<Logo />} locale={search.locale} onLocale={setLocale}>…</CentredLayout>
 */
export function CentredLayout({ logo, locale, onLocale, footer, children }: CentredLayoutProps) {
  useEffect(() => {
    if (locale) onLocale?.(locale);
  }, [locale, onLocale]);
  return (
    <div className="fd-centred">
      <header className="fd-centred__logo">{logo}</header>
      <main id="main" className="fd-centred__main">
        {children}
      </main>
      {footer && <footer className="fd-centred__footer">{footer}</footer>}
    </div>
  );
}
