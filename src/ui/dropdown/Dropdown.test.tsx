import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from './Dropdown';
import { DROPDOWN_WARNINGS } from './selection';

const fruits = [
  { value: 'apple', text: 'Apple', description: 'Crunchy', groupKey: 'tree' },
  { value: 'pear', text: 'Pear', groupKey: 'tree' },
  { value: 'grape', text: 'Grape', image: '/grape.png' },
  { value: 'pineapple', text: 'Pineapple' },
];
const groups = [{ key: 'tree', label: 'From trees' }];
const everything = { value: 'all', text: 'All fruit' };

afterEach(() => vi.restoreAllMocks());

function button(name = 'Fruit') {
  return screen.getByRole('combobox', { name });
}

describe('Dropdown', () => {
  it('opens on click and closes after a single choice', async () => {
    const user = userEvent.setup();
    const setValue = vi.fn();
    render(<Dropdown label="Fruit" options={fruits} setValue={setValue} />);
    await user.click(button());
    await user.click(await screen.findByRole('option', { name: 'Pear' }));
    expect(setValue).toHaveBeenCalledWith(['pear']);
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(button().textContent).toContain('Pear');
  });

  it('opens when focus arrives and closes on Escape', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Before" />
        <Dropdown label="Fruit" options={fruits} />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Before' }));
    await user.tab();
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button()));
  });

  it('closes when focus leaves', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Dropdown label="Fruit" options={fruits} />
        <input aria-label="After" />
      </>,
    );
    await user.click(button());
    expect(await screen.findByRole('listbox')).toBeTruthy();
    await user.click(screen.getByRole('textbox', { name: 'After' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('keeps a multi-select open and adds each choice', async () => {
    const user = userEvent.setup();
    const setValue = vi.fn();
    render(<Dropdown label="Fruit" multiple options={fruits} defaultValue={['grape']} setValue={setValue} />);
    await user.click(button());
    await user.click(await screen.findByRole('option', { name: 'Pear' }));
    expect(setValue).toHaveBeenLastCalledWith(['grape', 'pear']);
    expect(screen.getByRole('listbox')).toBeTruthy();
    expect(button().textContent).toContain('Pear, Grape');
  });

  it('shows groups under their label, with images and descriptions', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Fruit" options={fruits} groups={groups} />);
    await user.click(button());
    const group = await screen.findByRole('group', { name: 'From trees' });
    expect(group.textContent).toContain('Apple');
    expect(group.textContent).toContain('Crunchy');
    expect(screen.getByRole('option', { name: /Grape/ }).querySelector('img')?.getAttribute('src')).toBe('/grape.png');
  });

  it('finds options by a case-insensitive part of their text', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Fruit" options={fruits} search={{ label: 'Search', noResults: 'No match' }} />);
    const typeInSearch = async (text: string) => {
      await user.click(button());
      const search = await screen.findByRole('combobox', { name: 'Search' });
      await waitFor(() => expect(document.activeElement).toBe(search));
      await user.keyboard(text);
    };
    await typeInSearch('APP');
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['AppleCrunchy', 'Pineapple']));
    await user.click(screen.getByRole('option', { name: /Pineapple/ }));
    await waitFor(() => expect(button().textContent).toContain('Pineapple'));
    await typeInSearch('x');
    expect(await screen.findByText('No match')).toBeTruthy();
  });

  describe('in global-selection mode', () => {
    it('choosing everything clears individual choices and disables the options', async () => {
      const user = userEvent.setup();
      const setValue = vi.fn();
      render(<Dropdown label="Fruit" multiple globalSelection={everything} options={fruits} defaultValue={['pear']} setValue={setValue} />);
      await user.click(button());
      await user.click(await screen.findByRole('option', { name: 'All fruit' }));
      expect(setValue).toHaveBeenLastCalledWith(['all']);
      expect(screen.getByRole('option', { name: 'Pear' }).getAttribute('aria-disabled')).toBe('true');
      expect(button().textContent).toContain('All fruit');
    });

    it('unchecking everything empties the selection', async () => {
      const user = userEvent.setup();
      const setValue = vi.fn();
      render(<Dropdown label="Fruit" multiple globalSelection={everything} options={fruits} defaultValue={['all']} setValue={setValue} />);
      await user.click(button());
      await user.click(await screen.findByRole('option', { name: 'All fruit' }));
      expect(setValue).toHaveBeenLastCalledWith([]);
    });
  });

  describe('console warnings', () => {
    it('wants an array', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      render(<Dropdown label="Fruit" options={fruits} value={'pear' as unknown as string[]} />);
      expect(warn).toHaveBeenCalledWith(DROPDOWN_WARNINGS.notArray);
    });

    it('uses the first of several values in a single-select', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      render(<Dropdown label="Fruit" options={fruits} value={['pear', 'grape']} />);
      expect(warn).toHaveBeenCalledWith(DROPDOWN_WARNINGS.singleWithMany);
      expect(button().textContent).toContain('Pear');
      expect(button().textContent).not.toContain('Grape');
    });

    it('shows nothing for an unknown value', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      render(<Dropdown label="Fruit" options={fruits} value={['kiwi']} placeholder="Choose" />);
      expect(warn).toHaveBeenCalledWith(DROPDOWN_WARNINGS.unknownValue('kiwi'));
      expect(button().textContent).toContain('Choose');
    });
  });
});
