import { ComboboxItem, SelectItem, SelectItemCheck } from '@ariakit/react';
import type { OptionItem } from './options';

interface DropdownOptionProps {
  option: Pick<OptionItem, 'value' | 'text' | 'image' | 'description'>;
  /** Shown as checked although the store has not selected it (everything, in global-selection mode). */
  checked?: boolean;
  disabled?: boolean;
  /** Inside a searchable list the option is also a combobox item, so typing moves among them. */
  searchable: boolean;
}

/** One option row: a check, an optional image, the text and an optional description (flows 3). */
export function DropdownOption({ option, checked, disabled, searchable }: DropdownOptionProps) {
  return (
    <SelectItem value={option.value} disabled={disabled} className="fd-dropdown__option" render={searchable ? <ComboboxItem /> : undefined}>
      <SelectItemCheck className="fd-dropdown__check" checked={checked || undefined} />
      {option.image && <img className="fd-dropdown__image" src={option.image} alt="" />}
      <span className="fd-dropdown__text">
        {option.text}
        {option.description && <span className="fd-dropdown__description">{option.description}</span>}
      </span>
    </SelectItem>
  );
}
