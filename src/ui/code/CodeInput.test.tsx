import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { CodeInput, pastedCode } from './CodeInput';

afterEach(cleanup);

function Code({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CodeInput aria-label="Code" value={value} setValue={setValue} />
      <output>{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
const boxes = () => [...document.querySelectorAll('.fd-code__box')].map((box) => box.textContent);
const paste = (text: string) => fireEvent.paste(input(), { clipboardData: { getData: () => text } });

describe('the code input', () => {
  it('is one field for screen readers, shown as six boxes', () => {
    render(<Code />);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(boxes()).toEqual(['', '', '', '', '', '']);
    expect(document.querySelector('.fd-code__boxes')?.getAttribute('aria-hidden')).toBe('true');
    expect(input().autocomplete).toBe('one-time-code');
  });

  it('fills every box from a paste of six characters', () => {
    render(<Code />);
    paste('492039');
    expect(boxes()).toEqual(['4', '9', '2', '0', '3', '9']);
  });

  it('reads a pasted code written in two groups, as authenticator apps show it', () => {
    expect(pastedCode('492 039')).toBe('492039');
  });

  it('blocks any other paste', () => {
    render(<Code initial="12" />);
    for (const text of ['12345', '1234567', 'abcdef', '12345a', '']) paste(text);
    expect(document.querySelector('output')?.textContent).toBe('12');
  });

  it('clears the last filled box on Backspace or Delete', () => {
    render(<Code initial="1234" />);
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(document.querySelector('output')?.textContent).toBe('123');
    fireEvent.keyDown(input(), { key: 'Delete' });
    expect(document.querySelector('output')?.textContent).toBe('12');
  });

  it('puts a typed digit in the next empty box and refuses other characters', () => {
    render(<Code initial="12" />);
    expect(fireEvent.keyDown(input(), { key: 'x' })).toBe(false);
    fireEvent.input(input(), { target: { value: '123' } });
    expect(boxes()).toEqual(['1', '2', '3', '', '', '']);
  });

  it('never holds more than six digits', () => {
    render(<Code initial="123456" />);
    fireEvent.input(input(), { target: { value: '1234567' } });
    expect(document.querySelector('output')?.textContent).toBe('123456');
  });

  it('marks the box where the next digit goes while it has focus', async () => {
    render(<Code initial="12" />);
    input().focus();
    await waitFor(() => expect([...document.querySelectorAll('.fd-code__box')].findIndex((box) => box.hasAttribute('data-active'))).toBe(2));
  });
});
