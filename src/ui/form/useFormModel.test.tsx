import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import * as z from 'zod/mini';
import { renderToString } from 'react-dom/server';
import { useFormModel } from './useFormModel';

afterEach(cleanup);

const schema = z.object({
  email: z.string().check(z.regex(/^[^\s@]+@[^\s@.]+\.[^\s@]+$/, 'Enter an e-mail.'), z.minLength(10, 'Too short.')),
  nickname: z.string(),
});

function Form({ onSubmit }: { onSubmit(values: unknown): void }) {
  const form = useFormModel({ schema, initialValues: { email: '', nickname: 'ada' }, required: ['email'], onSubmit });
  const email = form.field('email');
  return (
    <form ref={form.ref}>
      <label>
        E-mail
        <input name="email" />
      </label>
      <input name="nickname" aria-label="Nickname" defaultValue="ada" />
      <output data-testid="email">{JSON.stringify(email)}</output>
      <output data-testid="value">{String(form.values.email)}</output>
      <output data-testid="valid">{String(form.valid)}</output>
      <button type="submit">Send</button>
    </form>
  );
}

const model = () => JSON.parse(screen.getByTestId('email').textContent!);

describe('the form model', () => {
  it('tells each field required, dirty, touched, invalid, error and its messages', async () => {
    render(<Form onSubmit={() => {}} />);
    await waitFor(() => expect(model()).toMatchObject({ name: 'email', required: true, dirty: false, touched: false }));
    fireEvent.input(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ada' } });
    await waitFor(() => expect(model()).toMatchObject({ dirty: true, invalid: true, error: false, errors: ['Enter an e-mail.', 'Too short.'] }));
    expect(screen.getByTestId('value').textContent).toBe('ada');
    expect(screen.getByTestId('valid').textContent).toBe('false');
  });

  it('shows errors only once the field has been left', async () => {
    render(<Form onSubmit={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    fireEvent.input(input, { target: { value: 'ada' } });
    await waitFor(() => expect(model().invalid).toBe(true));
    expect(model().error).toBe(false);
    input.focus();
    input.blur();
    await waitFor(() => expect(model()).toMatchObject({ touched: true, error: true }));
  });

  it('sends valid values, and shows every error of a form sent invalid', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(model().error).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.input(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(screen.getByTestId('valid').textContent).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com', nickname: 'ada' })));
  });

  it('keeps what was typed into its prerendered form before the script took it over', async () => {
    const onSubmit = vi.fn();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Form onSubmit={onSubmit} />);
    (container.querySelector('input[name="email"]') as HTMLInputElement).value = 'typed@example.com';
    // React takes over existing DOM by hydrating; Preact's render reuses it as it is (the option is React's).
    const overPrerendered = { container, hydrate: true };
    render(<Form onSubmit={onSubmit} />, overPrerendered);
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('typed@example.com'));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveProperty('value', 'typed@example.com');
    expect(model()).toMatchObject({ dirty: true, invalid: false });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ email: 'typed@example.com' })));
  });
});
