import type { GlobalSelectionOption, OptionItem } from './options';

/** Console messages of flows 8. */
export const DROPDOWN_WARNINGS = {
  notArray: 'Dropdown accepts only an array as its value.',
  singleWithMany: 'A single-select dropdown cannot take multiple values; only the first is used.',
  unknownValue: (value: string) => `Unknown selected value "${value}": it is not among the dropdown's options.`,
  globalToggle: 'A global-selection dropdown cannot toggle individual options while everything is selected.',
} as const;

/**
 * The selection a dropdown shows for the value it was given (flows 5, 8): only an array is taken; a
 * single-select keeps the first value; values missing from the options are dropped. Each breach
 * warns on the console.
 */
export function normaliseSelection(
  value: unknown,
  options: readonly OptionItem[],
  { multiple, globalSelection }: { multiple: boolean; globalSelection?: GlobalSelectionOption },
): string[] {
  if (!Array.isArray(value)) {
    console.warn(DROPDOWN_WARNINGS.notArray);
    return [];
  }
  let selection = value.map(String);
  if (!multiple && selection.length > 1) {
    console.warn(DROPDOWN_WARNINGS.singleWithMany);
    selection = selection.slice(0, 1);
  }
  const known = new Set(options.map((option) => option.value));
  if (globalSelection) known.add(globalSelection.value);
  return selection.filter((item) => {
    if (known.has(item)) return true;
    console.warn(DROPDOWN_WARNINGS.unknownValue(item));
    return false;
  });
}

/**
 * The next selection of a multi-select in global-selection mode (flows 4): choosing the global option
 * clears individual choices; unchecking it empties the selection; individual options cannot be
 * toggled while it is chosen (a warning, and the selection stays).
 */
export function nextGlobalSelection(current: readonly string[], next: readonly string[], global: GlobalSelectionOption): string[] {
  const was = current.includes(global.value);
  const is = next.includes(global.value);
  if (!was && is) return [global.value];
  if (was && !is) return [];
  if (was && next.length !== 1) {
    console.warn(DROPDOWN_WARNINGS.globalToggle);
    return [...current];
  }
  return [...next];
}
