/** An option of a dropdown (flows 3): value, text, and optionally an image, a description and a group. */
export interface OptionItem {
  value: string;
  /** Visible text, already translated; what search matches against. */
  text: string;
  image?: string;
  description?: string;
  groupKey?: string;
}

/** A group of options (flows 3), shown under its label. */
export interface OptionGroup {
  key: string;
  label: string;
}

/** The "everything" option of a multi-select in global-selection mode (flows 3). */
export interface GlobalSelectionOption {
  value: string;
  text: string;
}

/** Options whose text holds the search as a case-insensitive substring (flows 5). */
export function filterOptions(options: readonly OptionItem[], search: string): OptionItem[] {
  const needle = search.trim().toLowerCase();
  return needle ? options.filter((option) => option.text.toLowerCase().includes(needle)) : [...options];
}

/** Options in display order: ungrouped first, then each group in the given order, with its label. */
export function groupOptions(options: readonly OptionItem[], groups: readonly OptionGroup[] = []) {
  const known = new Set(groups.map((group) => group.key));
  const sections: { group?: OptionGroup; options: OptionItem[] }[] = [
    { options: options.filter((option) => !option.groupKey || !known.has(option.groupKey)) },
    ...groups.map((group) => ({ group, options: options.filter((option) => option.groupKey === group.key) })),
  ];
  return sections.filter((section) => section.options.length > 0);
}
