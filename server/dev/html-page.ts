import type { Language } from '../../rules/languages';
import { escapeHtml } from '../web/html';

/**
 * A plain HTML document for the development pages, in the page's language: no inline script, and
 * no inline style but one allowed by its hash (server/web/security-headers.ts).
 */
export function htmlPage(language: Language, title: string, body: string[], head: string[] = []): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    ...head,
    '</head>',
    '<body>',
    '<main>',
    ...body,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
