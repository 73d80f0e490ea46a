import type { ReactNode } from 'react';
import { cx } from '../internal/cx';
import { Heading, type HeadingLevel } from '../internal/Heading';

export interface AdministrativePageProps {
  title: string;
  /** The section heading under the title. */
  heading: string;
  /** Filters, search and buttons that act on the content. */
  controls?: ReactNode;
  /** The title's heading level: 1, the page's own title, unless the template sits inside another page. */
  headingLevel?: HeadingLevel;
  className?: string;
  children?: ReactNode;
}

/**
 * The administrative page template (flows 2): title, heading and a row of controls above the content.
 *
 * @example
 * <AdministrativePage title={t('admin.title')} heading={t('admin.users')} controls={<SearchBox />}>…</AdministrativePage>
 */
export function AdministrativePage({ title, headingLevel = 1, heading, controls, className, children }: AdministrativePageProps) {
  return (
    <section className={cx('fd-page-template', 'fd-administrative-page', className)}>
      <Heading level={headingLevel} className="fd-page-template__title">
        {title}
      </Heading>
      <div className="fd-administrative-page__bar">
        <Heading level={(headingLevel + 1) as HeadingLevel} className="fd-administrative-page__heading">
          {heading}
        </Heading>
        {controls && <div className="fd-administrative-page__controls">{controls}</div>}
      </div>
      {children}
    </section>
  );
}
