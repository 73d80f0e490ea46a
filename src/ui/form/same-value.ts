/**
 * Whether two values of a field are the same, for its `dirty` flag: a list or a plain object
 * chosen again with the same content is no change. Primitives compare with `Object.is`, dates by
 * their time, arrays and plain objects item by item; anything else (a File, a Blob, a class's
 * instance) only to itself, since its content cannot be read cheaply.
 *
 * @example
 * sameValue(['a', 'b'], ['a', 'b']); // true
 * sameValue(new Date('2030-05-14'), new Date('2030-05-14')); // true
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  // Object.is, so two invalid dates (NaN) are the same too.
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (!byContent(a) || !byContent(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}

/** An array or a plain object: compared by its keys and their values. */
function byContent(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
