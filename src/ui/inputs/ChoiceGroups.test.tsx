import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CheckboxGroup } from './CheckboxGroup';
import { RadioGroup } from './RadioGroup';
import { choiceValue } from './ChoiceGroup';

const days = [
  { value: '1', text: 'Monday' },
  { value: '2', text: 'Tuesday' },
  { value: 'weekend', text: 'Weekend' },
];

describe('CheckboxGroup', () => {
  it('lays the choices out in a column by default', () => {
    render(<CheckboxGroup label="Days" options={days} />);
    expect(screen.getByRole('group', { name: 'Days' }).className).toContain('fd-choices--column');
  });

  it('hands out numeric-looking values as numbers', () => {
    const setValue = vi.fn();
    render(<CheckboxGroup label="Days" options={days} setValue={setValue} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    expect(setValue).toHaveBeenLastCalledWith([2]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Weekend' }));
    expect(setValue).toHaveBeenLastCalledWith([2, 'weekend']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    expect(setValue).toHaveBeenLastCalledWith(['weekend']);
  });

  it('converts only what looks like a number', () => {
    expect(choiceValue('-3.5')).toBe(-3.5);
    expect(choiceValue('3a')).toBe('3a');
    expect(choiceValue('')).toBe('');
  });
});

describe('RadioGroup', () => {
  it('selects one choice and hands out a number for a numeric value', () => {
    const setValue = vi.fn();
    render(<RadioGroup label="Day" options={days} direction="row" setValue={setValue} />);
    expect(screen.getByRole('group', { name: 'Day' }).className).toContain('fd-choices--row');
    fireEvent.click(screen.getByRole('radio', { name: 'Monday' }));
    expect(setValue).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('radio', { name: 'Monday' })).toHaveProperty('checked', true);
  });
});
