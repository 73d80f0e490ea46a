import type { ReactNode } from 'react';
import { cx } from '../internal/cx';
import { Heading, type HeadingLevel } from '../internal/Heading';

export interface TwoColumnPageProps {
  title?: string;
  /** The first column: on a narrow screen it comes first, above the second. */
  start: ReactNode;
  end: ReactNode;
  /** The title's heading level: 1, the page's own title, unless the template sits inside another page. */
  headingLevel?: HeadingLevel;
  className?: string;
}

/**
 * The two-column page template (flows 2): two columns side by side, one above the other on a phone.
 *
 * @example
 * <TwoColumnPage title={t('profile.title')} start={<ProfileForm />} end={<ProfileHelp />} />
 */
export function TwoColumnPage({ title, headingLevel = 1, start, end, className }: TwoColumnPageProps) {
  return (
    <section className={cx('fd-page-template', 'fd-two-column-page', className)}>
      {title && (
        <Heading level={headingLevel} className="fd-page-template__title">
          {title}
        </Heading>
      )}
      <div className="fd-two-column-page__columns">
        <div className="fd-two-column-page__column">{start}</div>
        <div className="fd-two-column-page__column">{end}</div>
      </div>
    </section>
  );
}
