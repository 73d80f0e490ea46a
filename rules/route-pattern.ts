/**
 * Route patterns of the route table (spec 2), such as /company/$context/terms: shared by the app,
 * which renders the screen of a path, and the server, which answers a path with its page.
 */

/** The parameters of a path for a pattern (`$name` segments), or undefined when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const wanted = pattern.split('/');
  const given = pathname.replace(/(.)\/+$/, '$1').split('/');
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
