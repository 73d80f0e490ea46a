/** Joins class names, skipping empty ones: `cx('fd-a', open && 'fd-a--open', className)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
