import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { CodeInput, type CodeInputProps } from './CodeInput';
import { pastedCode, type PasteProblem } from './code-rules';

afterEach(cleanup);

function Code({ initial = '', onPasteProblem }: { initial?: string; onPasteProblem?: CodeInputProps['onPasteProblem'] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CodeInput aria-label="Code" value={value} setValue={setValue} onPasteProblem={onPasteProblem} />
      <output>{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
const boxes = () => [...document.querySelectorAll('.fd-code__box')].map((box) => box.textContent);
const paste = (text: string) => fireEvent.paste(input(), { clipboardData: { getData: () => text } });
/** A digit typed where the caret is, after the field's text, as a browser inserts it. */
const type = (digit: string) => fireEvent.input(input(), { target: { value: input().value + digit } });
const activeBox = () => [...document.querySelectorAll('.fd-code__box')].findIndex((box) => box.hasAttribute('data-active'));

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
    expect(pastedCode('492 039')).toEqual({ code: '492039' });
  });

  it('puts the digits of a six-character paste in their boxes and leaves the others empty, naming them once', () => {
    const problems: PasteProblem[] = [];
    render(<Code onPasteProblem={(problem) => problems.push(problem)} />);
    paste('4a2-3a');
    expect(boxes()).toEqual(['4', '', '2', '', '3', '']);
    expect(problems).toEqual([{ kind: 'not-digits', characters: ['a', '-'] }]);
    expect(pastedCode('4a2-39')).toEqual({ code: '4 2 39', problem: { kind: 'not-digits', characters: ['a', '-'] } });
    expect(pastedCode('abcdef').code).toBe('');
  });

  it('blocks a paste of any other length, and says so', () => {
    const problems: PasteProblem[] = [];
    render(<Code initial="12" onPasteProblem={(problem) => problems.push(problem)} />);
    for (const text of ['12345', '1234567', '12345ab', '']) paste(text);
    expect(document.querySelector('output')?.textContent).toBe('12');
    expect(problems.map((problem) => problem.kind === 'length' && problem.length)).toEqual([5, 7, 7, 0]);
  });

  it('puts typed digits in the boxes a paste left empty, then after the last', () => {
    render(<Code />);
    paste('4a2b39');
    type('1');
    expect(boxes()).toEqual(['4', '1', '2', '', '3', '9']);
    type('5');
    expect(boxes()).toEqual(['4', '1', '2', '5', '3', '9']);
    expect(document.querySelector('output')?.textContent).toBe('412539');
  });

  it('marks the first empty box as the next one while it has focus', async () => {
    render(<Code />);
    paste('4a2039');
    input().focus();
    await waitFor(() => expect(activeBox()).toBe(1));
  });

  it('clears the last filled box, and the empty ones before it, on Backspace', () => {
    render(<Code />);
    paste('4a2-39');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(document.querySelector('output')?.textContent).toBe('4 2 3');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(document.querySelector('output')?.textContent).toBe('4 2');
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(document.querySelector('output')?.textContent).toBe('4');
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
    await waitFor(() => expect(activeBox()).toBe(2));
  });
});
