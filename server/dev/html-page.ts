import { escapeHtml } from '../web/html';

/** A plain HTML document for the development pages: no inline script or style (the CSP forbids both). */
export function htmlPage(title: string, body: string[], head: string[] = []): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
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
