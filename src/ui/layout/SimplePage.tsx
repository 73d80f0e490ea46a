import type { ReactNode } from 'react';
import { cx } from '../internal/cx';
import { Heading, type HeadingLevel } from '../internal/Heading';

export interface SimplePageProps {
  title: string;
  /** A button or link beside the title, such as "Create". */
  action?: ReactNode;
  /** The title's heading level: 1, the page's own title, unless the template sits inside another page. */
  headingLevel?: HeadingLevel;
  className?: string;
  children?: ReactNode;
}

/**
 * The simple page template (flows 2): a title with an optional action, then the content.
 *
 * @example
 * <SimplePage title={t('teams.title')} action={<Button>{t('button.create')}</Button>}>…</SimplePage>
 */
export function SimplePage({ title, headingLevel = 1, action, className, children }: SimplePageProps) {
  return (
    <section className={cx('fd-page-template', 'fd-simple-page', className)}>
      <header className="fd-page-template__head">
        <Heading level={headingLevel} className="fd-page-template__title">
          {title}
        </Heading>
        {action && <div className="fd-page-template__action">{action}</div>}
      </header>
      {children}
    </section>
  );
}
