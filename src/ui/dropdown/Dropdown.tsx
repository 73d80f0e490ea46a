import { useId, useMemo, useRef, useState, type ComponentProps, type FocusEvent, type ReactNode } from 'react';
import {
  Combobox,
  ComboboxList,
  ComboboxProvider,
  Select,
  SelectArrow,
  SelectGroup,
  SelectGroupLabel,
  SelectLabel,
  SelectPopover,
  SelectProvider,
} from '@ariakit/react';
import { cx } from '../internal/cx';
import { useControllable } from '../internal/use-controllable';
import { DropdownOption } from './DropdownOption';
import { filterOptions, groupOptions, type GlobalSelectionOption, type OptionGroup, type OptionItem } from './options';
import { nextGlobalSelection, normaliseSelection } from './selection';

/** Popup placement (flows 9): 8 px from the field, kept 70 px clear of the top of the viewport. */
export const DROPDOWN_GUTTER = 8;
export const DROPDOWN_TOP_PADDING = 70;

/** Texts of the search box, already translated. */
export interface DropdownSearchTexts {
  label: string;
  placeholder?: string;
  noResults: string;
}

export interface DropdownProps extends Omit<ComponentProps<'button'>, 'value' | 'defaultValue' | 'onChange' | 'children'> {
  label: string;
  options: readonly OptionItem[];
  groups?: readonly OptionGroup[];
  /** Always an array (flows 5), also for a single-select: `[]` or `[value]`. */
  value?: string[];
  defaultValue?: string[];
  setValue?: (value: string[]) => void;
  multiple?: boolean;
  /** Multi-select only: an option that stands for everything (flows 4). */
  globalSelection?: GlobalSelectionOption;
  /** Shown while nothing is selected. */
  placeholder?: string;
  /** Adds a search box that filters options by text (flows 5). */
  search?: DropdownSearchTexts;
  required?: boolean;
  errors?: readonly string[];
}

/**
 * A single- or multi-select list on Ariakit (flows 4): opens on focus or click, closes on Escape or
 * when focus leaves, and a single-select closes after a choice. Options can carry images,
 * descriptions and groups, and a search box filters them. Values it cannot show are dropped with the
 * console warnings of flows 8.
 *
 * @example
 * <Dropdown label={t('field.country')} options={countries} value={country} setValue={setCountry} />
 * <Dropdown label={t('field.teams')} multiple globalSelection={{ value: 'all', text: t('field.teams.all') }} options={teams} value={teams} setValue={setTeams} />
 */
export function Dropdown(props: DropdownProps) {
  const {
    label,
    options,
    groups,
    value,
    defaultValue = [],
    setValue,
    multiple = false,
    globalSelection,
    placeholder = '',
    search,
    required,
    errors,
    id,
    className,
    ...buttonProps
  } = props;
  const [raw, update] = useControllable<unknown, string[]>(value, setValue, defaultValue);
  const global = multiple ? globalSelection : undefined;
  const selection = useMemo(() => normaliseSelection(raw, options, { multiple, globalSelection: global }), [raw, options, multiple, global]);
  const everything = !!global && selection.includes(global.value);
  const [open, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const popover = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const pressing = useRef(false);
  const error = errors?.[0];
  const errorId = `${useId()}-error`;

  function change(next: string | string[]) {
    if (!Array.isArray(next)) return update(next === '' ? [] : [next]);
    update(global ? nextGlobalSelection(selection, next, global) : next);
  }

  // Opens on focus (flows 4) that comes from another element of the page, such as a Tab from the field
  // before. Not when focus comes back from the list as it closes (from the list, or from nowhere once
  // the list is hidden), nor on a press, whose click opens it anyway.
  function focus(event: FocusEvent<HTMLButtonElement>) {
    buttonProps.onFocus?.(event);
    const from = event.relatedTarget as Node | null;
    if (from && !pressing.current && !popover.current?.contains(from)) setOpen(true);
  }

  const shown = filterOptions(options, search ? searchText : '');
  const selectedText = everything
    ? global.text
    : options
        .filter((option) => selection.includes(option.value))
        .map((option) => option.text)
        .join(', ');
  const searchable = !!search;
  const items: ReactNode = (
    <>
      {global && !searchText && <DropdownOption option={global} searchable={searchable} />}
      {groupOptions(shown, groups).map(({ group, options: section }) => {
        const rows = section.map((option) => (
          <DropdownOption key={option.value} option={option} checked={everything} disabled={everything} searchable={searchable} />
        ));
        return group ? (
          <SelectGroup key={group.key} className="fd-dropdown__group">
            <SelectGroupLabel className="fd-dropdown__group-label">{group.label}</SelectGroupLabel>
            {rows}
          </SelectGroup>
        ) : (
          rows
        );
      })}
      {search && shown.length === 0 && <p className="fd-dropdown__empty">{search.noResults}</p>}
    </>
  );

  const select = (
    <SelectProvider value={multiple ? selection : (selection[0] ?? '')} setValue={change} open={open} setOpen={setOpen}>
      <div className={cx('fd-field', 'fd-dropdown', className)}>
        <SelectLabel className={required ? 'fd-field__label fd-required' : 'fd-field__label'}>{label}</SelectLabel>
        <Select
          {...buttonProps}
          id={id}
          ref={trigger}
          className="fd-dropdown__button"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          toggleOnClick={() => {
            pressing.current = false;
            return true;
          }}
          onPointerDown={(event) => {
            buttonProps.onPointerDown?.(event);
            pressing.current = true;
          }}
          onFocus={focus}
        >
          <span className={cx('fd-dropdown__value', !selectedText && 'fd-dropdown__value--placeholder')}>{selectedText || placeholder}</span>
          <SelectArrow className="fd-dropdown__arrow" />
        </Select>
        <p id={errorId} className="fd-field__error" aria-live="polite">
          {error}
        </p>
        <SelectPopover
          ref={popover}
          finalFocus={trigger}
          gutter={DROPDOWN_GUTTER}
          overflowPadding={{ top: DROPDOWN_TOP_PADDING, right: 8, bottom: 8, left: 8 }}
          sameWidth
          className="fd-dropdown__popover"
        >
          {search ? (
            <>
              <div className="fd-dropdown__search">
                <Combobox autoSelect className="fd-dropdown__search-input" aria-label={search.label} placeholder={search.placeholder} />
              </div>
              <ComboboxList className="fd-dropdown__list">{items}</ComboboxList>
            </>
          ) : (
            items
          )}
        </SelectPopover>
      </div>
    </SelectProvider>
  );

  return search ? (
    <ComboboxProvider resetValueOnHide setValue={setSearchText}>
      {select}
    </ComboboxProvider>
  ) : (
    select
  );
}
