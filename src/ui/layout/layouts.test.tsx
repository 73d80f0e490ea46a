import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CleanLayout } from './CleanLayout';
import { MainLayout } from './MainLayout';
import { SimplePage } from './SimplePage';
import { AdministrativePage } from './AdministrativePage';
import { CentrePage } from './CentrePage';
import { EmptyPage } from './EmptyPage';
import { TwoColumnPage } from './TwoColumnPage';

describe('layouts', () => {
  it('main layout has a header, a named menu, the main content and a footer', () => {
    render(
      <MainLayout header="Brand" menu={<a href="/a">A</a>} menuLabel="Main menu" footer="© Acme">
        Content
      </MainLayout>,
    );
    expect(screen.getByRole('banner').textContent).toBe('Brand');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('Content');
    expect(screen.getByRole('contentinfo').textContent).toBe('© Acme');
  });

  it('leaves out the main landmark when asked, for a preview inside a page', () => {
    render(
      <MainLayout header="Brand" as="div">
        Content
      </MainLayout>,
    );
    expect(screen.queryByRole('main')).toBeNull();
    render(<CleanLayout as="div">Clean</CleanLayout>);
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('clean layout is the content alone', () => {
    render(<CleanLayout>Only this</CleanLayout>);
    expect(screen.getByRole('main').textContent).toBe('Only this');
  });
});

describe('page templates', () => {
  it('simple page shows a title and an optional action', () => {
    render(
      <SimplePage title="Teams" action={<button type="button">Create</button>}>
        List
      </SimplePage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Teams' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
  });

  it('administrative page shows a title, a heading and controls', () => {
    render(<AdministrativePage title="Admin" heading="Users" controls={<input aria-label="Search" />} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeTruthy();
  });

  it('take a lower heading level when they sit inside another page', () => {
    render(<AdministrativePage title="Admin" heading="Users" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Users' })).toBeTruthy();
  });

  it('centre, empty and two-column pages hold their content', () => {
    render(
      <>
        <CentrePage>Middle</CentrePage>
        <EmptyPage>Bare</EmptyPage>
        <TwoColumnPage title="Profile" start="Left" end="Right" />
      </>,
    );
    expect(document.querySelector('.fd-centre-page')?.textContent).toBe('Middle');
    expect(document.querySelector('.fd-empty-page')?.textContent).toBe('Bare');
    expect([...document.querySelectorAll('.fd-two-column-page__column')].map((column) => column.textContent)).toEqual(['Left', 'Right']);
  });
});
