import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { renderToString } from 'react-dom/server';
import { useFormModel, type FormModelOptions } from './use-form-model';

afterEach(cleanup);

type Values = { email: string; nickname: string; agree: boolean };

const validate = ({ email }: Values) => ({
  email: [...(/^[^\s@]+@[^\s@.]+\.[^\s@]+$/.test(email) ? [] : ['Enter an e-mail.']), ...(email.length < 10 ? ['Too short.'] : [])],
});

function Form({ onSubmit, ...options }: { onSubmit(values: Values): unknown } & Partial<FormModelOptions<Values>>) {
  const form = useFormModel({ initialValues: { email: '', nickname: 'ada', agree: false }, validate, required: ['email'], onSubmit, ...options });
  return (
    <form ref={form.ref}>
      <label>
        E-mail
        <input name="email" />
      </label>
      <input name="nickname" aria-label="Nickname" defaultValue="ada" />
      <input name="agree" type="checkbox" aria-label="Agree" />
      <button type="button" onClick={() => form.setValue('nickname', 'set')}>
        Set nickname
      </button>
      <output data-testid="email">{JSON.stringify(form.field('email'))}</output>
      <output data-testid="agree">{JSON.stringify(form.field('agree'))}</output>
      <output data-testid="values">{JSON.stringify(form.values)}</output>
      <output data-testid="valid">{String(form.valid)}</output>
      <output data-testid="submitting">{String(form.submitting)}</output>
      <button type="submit">Send</button>
    </form>
  );
}

const model = (name = 'email') => JSON.parse(screen.getByTestId(name).textContent ?? '');
const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '');
const typeEmail = (value: string) => fireEvent.input(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value } });

describe('the form model', () => {
  it('tells each field required, dirty, touched, invalid, error and its messages', async () => {
    render(<Form onSubmit={() => {}} />);
    expect(model()).toMatchObject({ name: 'email', required: true, dirty: false, touched: false });
    typeEmail('ada');
    await waitFor(() => expect(model()).toMatchObject({ dirty: true, invalid: true, error: false, errors: ['Enter an e-mail.', 'Too short.'] }));
    expect(values().email).toBe('ada');
    expect(screen.getByTestId('valid').textContent).toBe('false');
  });

  it('shows errors only once the field has been left', async () => {
    render(<Form onSubmit={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    typeEmail('ada');
    await waitFor(() => expect(model().invalid).toBe(true));
    expect(model().error).toBe(false);
    input.focus();
    input.blur();
    await waitFor(() => expect(model()).toMatchObject({ touched: true, error: true }));
  });

  it('shows errors only once the form is sent, when told so', async () => {
    render(<Form onSubmit={() => {}} showErrors="once-sent" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    typeEmail('ada');
    input.focus();
    input.blur();
    await waitFor(() => expect(model().touched).toBe(true));
    expect(model().error).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(model().error).toBe(true));
  });

  it('sends valid values, and shows every error of a form sent invalid', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(model().error).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();
    typeEmail('ada@example.com');
    await waitFor(() => expect(screen.getByTestId('valid').textContent).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', nickname: 'ada', agree: false }));
  });

  it('holds a required field invalid while it is empty, with no message of its own', async () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} validate={undefined} required={['agree']} />);
    expect(model('agree')).toMatchObject({ required: true, invalid: true, errors: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(model('agree').touched).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Agree' }));
    await waitFor(() => expect(model('agree')).toMatchObject({ invalid: false, dirty: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ agree: true })));
  });

  it('takes a value from a control that keeps its own', async () => {
    render(<Form onSubmit={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Set nickname' }));
    await waitFor(() => expect(values().nickname).toBe('set'));
  });

  it('is submitting until the sending settles, and sends nothing twice meanwhile', async () => {
    let settle = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(<Form onSubmit={onSubmit} />);
    typeEmail('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('submitting').textContent).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    settle();
    await waitFor(() => expect(screen.getByTestId('submitting').textContent).toBe('false'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed into its prerendered form before the script took it over', async () => {
    const onSubmit = vi.fn();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Form onSubmit={onSubmit} />);
    (container.querySelector('input[name="email"]') as HTMLInputElement).value = 'typed@example.com';
    // React takes over existing DOM by hydrating; Preact's render reuses it as it is (the option is React's).
    const overPrerendered = { container, hydrate: true };
    render(<Form onSubmit={onSubmit} />, overPrerendered);
    await waitFor(() => expect(values().email).toBe('typed@example.com'));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveProperty('value', 'typed@example.com');
    expect(model()).toMatchObject({ dirty: true, invalid: false });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ email: 'typed@example.com' })));
  });
});
