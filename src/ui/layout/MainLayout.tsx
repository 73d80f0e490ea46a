import type { ReactNode } from 'react';
import { cx } from '../internal/cx';

export interface MainLayoutProps {
  header: ReactNode;
  /** The app's menu; shown beside the content on a wide screen, above it on a narrow one. */
  menu?: ReactNode;
  /** Names the menu's navigation landmark, already translated. */
  menuLabel?: string;
  footer?: ReactNode;
  /** `div` when the page around it already has its main landmark (a preview inside a page). */
  as?: 'main' | 'div';
  className?: string;
  children: ReactNode;
}

/**
 * The main layout (flows 2): header, menu, main content and footer.
 *
 * @example
 * <MainLayout header={<AppBar />} menu={<AppMenu />} menuLabel={t('menu.label')} footer={<Legal />}><Outlet /></MainLayout>
 */
export function MainLayout({ header, menu, menuLabel, footer, as: Main = 'main', className, children }: MainLayoutProps) {
  return (
    <div className={cx('fd-main-layout', !menu && 'fd-main-layout--no-menu', className)}>
      <header className="fd-main-layout__header">{header}</header>
      {menu && (
        <nav className="fd-main-layout__menu" aria-label={menuLabel}>
          {menu}
        </nav>
      )}
      <Main className="fd-main-layout__main">{children}</Main>
      {footer && <footer className="fd-main-layout__footer">{footer}</footer>}
    </div>
  );
}
