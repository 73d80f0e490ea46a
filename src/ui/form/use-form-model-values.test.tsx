import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { useFormModel } from './use-form-model';

type Booking = { name: string; guests: number | null; arrival: Date | null; extras: string[]; picture: Blob | null };

const PLANNED = '2030-05-14';
const PICTURE = new Blob(['x'], { type: 'image/png' });
const INITIAL: Booking = { name: '', guests: 2, arrival: new Date(PLANNED), extras: ['breakfast'], picture: null };

function BookingForm({ onSubmit }: { onSubmit(values: Booking): unknown }) {
  const form = useFormModel({ initialValues: INITIAL, required: ['guests', 'extras', 'picture'], onSubmit });
  const set = form.setValue;
  return (
    <form ref={form.ref}>
      <input name="name" aria-label="Name" />
      {/* A control of its own with an input of the field's name, as NumberInput renders one. */}
      <input name="guests" aria-label="Guests" onChange={(event) => set('guests', event.currentTarget.value ? Number(event.currentTarget.value) : null)} />
      <button type="button" onClick={() => set('arrival', new Date('2030-05-20'))}>
        Arrive later
      </button>
      <button type="button" onClick={() => set('arrival', new Date(PLANNED))}>
        Arrive as planned
      </button>
      <button type="button" onClick={() => set('extras', ['breakfast', 'parking'])}>
        Add parking
      </button>
      <button type="button" onClick={() => set('extras', ['breakfast'])}>
        Breakfast only
      </button>
      <button type="button" onClick={() => set('extras', [])}>
        No extras
      </button>
      <button type="button" onClick={() => set('picture', PICTURE)}>
        Choose a picture
      </button>
      {(['name', 'guests', 'arrival', 'extras', 'picture'] as const).map((name) => (
        <output key={name} data-testid={name}>
          {JSON.stringify(form.field(name))}
        </output>
      ))}
      <output data-testid="guests-value">{`${typeof form.values.guests} ${form.values.guests}`}</output>
      <output data-testid="valid">{String(form.valid)}</output>
      <button type="submit">Send</button>
    </form>
  );
}

const model = (name: keyof Booking) => JSON.parse(screen.getByTestId(name).textContent ?? '');
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('the form model with values of any kind', () => {
  it('takes a number from its control, not the text of the input of its name', async () => {
    render(<BookingForm onSubmit={() => {}} />);
    fireEvent.input(screen.getByRole('textbox', { name: 'Guests' }), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('guests-value').textContent).toBe('number 3'));
    expect(model('guests')).toMatchObject({ dirty: true, invalid: false });
    fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
    await waitFor(() => expect(model('name').dirty).toBe(true));
  });

  it('tells a date or a list dirty by its content, not by its identity', async () => {
    render(<BookingForm onSubmit={() => {}} />);
    press('Arrive later');
    await waitFor(() => expect(model('arrival').dirty).toBe(true));
    press('Arrive as planned');
    await waitFor(() => expect(model('arrival').dirty).toBe(false));
    press('Add parking');
    await waitFor(() => expect(model('extras').dirty).toBe(true));
    press('Breakfast only');
    await waitFor(() => expect(model('extras').dirty).toBe(false));
    press('Choose a picture');
    await waitFor(() => expect(model('picture').dirty).toBe(true));
  });

  it('holds a required list empty or a required choice missing invalid, and sends the values as they are', async () => {
    const onSubmit = vi.fn();
    render(<BookingForm onSubmit={onSubmit} />);
    expect(model('picture')).toMatchObject({ required: true, invalid: true, errors: [] });
    press('No extras');
    await waitFor(() => expect(model('extras').invalid).toBe(true));
    press('Send');
    await waitFor(() => expect(model('extras').error).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();
    press('Breakfast only');
    press('Choose a picture');
    await waitFor(() => expect(screen.getByTestId('valid').textContent).toBe('true'));
    press('Send');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [sent] = onSubmit.mock.calls[0] as [Booking];
    expect(sent).toMatchObject({ name: '', guests: 2, extras: ['breakfast'] });
    expect(sent.arrival).toEqual(new Date(PLANNED));
    expect(sent.picture).toBe(PICTURE);
  });
});
