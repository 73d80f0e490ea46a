/**
 * Route patterns of the route table (flows 2), such as /company/$context/terms: shared by the app,
 * which renders the screen of a path, and the server, which answers a path with its page.
 */

/**
 * The path without its trailing slashes, trimmed by a loop: its time grows with the number of
 * slashes, where a pattern such as /\/+$/ tries again from every slash of a path that does not end
 * in one (a request of thousands of slashes would hold the server for seconds).
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}

/** The parameters of a path for a pattern (`$name` segments), or undefined when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const wanted = pattern.split('/');
  // A trailing slash does not change the route; the root keeps its one slash.
  const given = (withoutTrailingSlashes(pathname) || pathname.slice(0, 1)).split('/');
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = given[index] ?? '';
    if (part.startsWith('$')) {
      if (!value) return undefined;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (part !== value) return undefined;
  }
  return params;
}

/** A pattern with its parameters filled in, each encoded as a path segment. */
export function fillPath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/\$(\w+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}
