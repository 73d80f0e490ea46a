/** The repository paths a text names, and the comments of a source file (scripts/named-paths.test.ts). */

/** A path under one of the repository's top folders, as prose writes it: `server/db/postgres.ts`, `src/ui/`. */
const PATH = /(?<![\w@./-])((?:src|server|rules|scripts|e2e|docs|openapi|locales|\.ci)\/[\w./-]*\w)/g;

export function namedPaths(text: string): string[] {
  const paths: string[] = [];
  for (const [, path] of text.matchAll(PATH)) if (path && !/[*{]/.test(path)) paths.push(path);
  return paths;
}

/** The text of the `//` and `/* *\/` comments of JavaScript, TypeScript or CSS, strings left out. */
export function commentsOf(source: string): string {
  const comments: string[] = [];
  const token = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;
  for (const [found] of source.matchAll(token)) if (found.startsWith('/')) comments.push(found);
  return comments.join('\n');
}
