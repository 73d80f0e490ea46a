import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { CodeField } from './CodeField';

afterEach(cleanup);

const pasteTexts = {
  notDigits: (characters: readonly string[]) => `Only digits: ${characters.map((character) => `“${character}”`).join(', ')}`,
  wrongLength: 'Paste exactly 6 digits.',
};

function Code({ errors }: { errors?: string[] }) {
  const [value, setValue] = useState('');
  return <CodeField label="6-digit code" value={value} setValue={setValue} errors={errors} pasteTexts={pasteTexts} />;
}

const input = () => screen.getByRole('textbox', { name: '6-digit code' });
const paste = (text: string) => fireEvent.paste(input(), { clipboardData: { getData: () => text } });
/** The text the field's input is described by: its error line, announced politely. */
const described = () => document.getElementById(input().getAttribute('aria-describedby') ?? '');

describe('the code field', () => {
  it('says which pasted characters are not digits, in its announced error line', () => {
    render(<Code />);
    paste('4a2b3a');
    expect(described()?.textContent).toBe('Only digits: “a”, “b”');
    expect(described()?.getAttribute('aria-live')).toBe('polite');
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('says a paste of another length was blocked', () => {
    render(<Code />);
    paste('1234');
    expect(described()?.textContent).toBe('Paste exactly 6 digits.');
  });

  it('stops saying it once the boxes change, and says nothing of a clean paste', () => {
    render(<Code />);
    paste('4a2039');
    fireEvent.input(input(), { target: { value: `${(input() as HTMLInputElement).value}1` } });
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(input().getAttribute('aria-describedby')).toBeNull();
    paste('1234');
    paste('123456');
    expect(input().getAttribute('aria-describedby')).toBeNull();
  });

  it('puts what the paste could not take before the caller’s own errors', () => {
    render(<Code errors={['Invalid code.']} />);
    expect(described()?.textContent).toBe('Invalid code.');
    paste('12345x');
    expect(described()?.textContent).toBe('Only digits: “x”');
  });
});
