import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import * as v from 'valibot';
import * as z from 'zod';
import type { StandardResult, StandardSchemaV1 } from './standard-schema';
import { useFormModel } from './use-form-model';

type Stay = { name: string; guests: number; arrival: Date | null; address: { city: string } };

const INITIAL: Stay = { name: '', guests: 1, arrival: null, address: { city: '' } };

/** A form of a stay, its rules in any Standard Schema; each field's model and the form's state as JSON. */
function StayForm<Output>({
  schema,
  onSubmit = () => {},
  required,
}: {
  schema: StandardSchemaV1<unknown, Output>;
  onSubmit?(stay: Output): unknown;
  required?: (keyof Stay)[];
}) {
  const form = useFormModel({ initialValues: INITIAL, validate: schema, required, onSubmit });
  return (
    <form ref={form.ref}>
      <input name="name" aria-label="Name" />
      <button type="button" onClick={() => form.setValue('guests', 12)}>
        Twelve guests
      </button>
      <button type="button" onClick={() => form.setValue('arrival', new Date('2030-05-14'))}>
        Arrive in May
      </button>
      <button type="button" onClick={() => form.setValue('address', { city: 'Baku' })}>
        Stay in Baku
      </button>
      {(['name', 'guests', 'arrival', 'address'] as const).map((name) => (
        <output key={name} data-testid={name}>
          {JSON.stringify(form.field(name))}
        </output>
      ))}
      <output data-testid="form">
        {JSON.stringify({ valid: form.valid, formErrors: form.formErrors, validating: form.validating, submitting: form.submitting })}
      </output>
      <button type="submit">Send</button>
    </form>
  );
}

const model = (name: keyof Stay | 'form') => JSON.parse(screen.getByTestId(name).textContent ?? '');
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const typeName = (value: string) => fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value } });

/** The smallest Standard Schema, written by hand: at most 8 guests, and no stay without an arrival. */
const handMade: StandardSchemaV1<Stay, Stay> = {
  '~standard': {
    version: 1,
    vendor: 'hand-made',
    validate: (value) => {
      const stay = value as Stay;
      const issues = [
        ...(stay.guests > 8 ? [{ message: 'At most 8 guests.', path: [{ key: 'guests' }] }] : []),
        ...(stay.arrival ? [] : [{ message: 'A stay needs an arrival.' }]),
      ];
      return issues.length > 0 ? { issues } : { value: stay };
    },
  },
};

const stay = z.object({
  name: z.string().trim().min(2, 'Enter a name.'),
  guests: z.number().int().max(8, 'At most 8 guests.'),
  arrival: z.date({ error: 'Choose an arrival.' }),
  address: z.object({ city: z.string().min(1, 'Enter a city.') }),
});

describe('the form model with a Standard Schema for its rules', () => {
  it("gives a hand-made schema's issues to the field of their path, and pathless ones to the form", async () => {
    render(<StayForm schema={handMade} />);
    // A schema's first answer comes once its module has arrived (src/ui/form/schema-rules.ts).
    await waitFor(() => expect(model('form')).toMatchObject({ valid: false, formErrors: ['A stay needs an arrival.'], validating: false }));
    press('Twelve guests');
    await waitFor(() => expect(model('guests')).toMatchObject({ invalid: true, errors: ['At most 8 guests.'] }));
    press('Arrive in May');
    await waitFor(() => expect(model('form').formErrors).toEqual([]));
    expect(model('form').valid).toBe(false);
  });

  it("gives a zod schema's issues to their field, a nested value's too", async () => {
    const onSubmit = vi.fn();
    render(<StayForm schema={stay} onSubmit={onSubmit} />);
    await waitFor(() => expect(model('address')).toMatchObject({ invalid: true, errors: ['Enter a city.'] }));
    expect(model('arrival').errors).toEqual(['Choose an arrival.']);
    press('Twelve guests');
    await waitFor(() => expect(model('guests').errors).toEqual(['At most 8 guests.']));
    press('Send');
    await waitFor(() => expect(model('address').error).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();

    typeName('  Ada  ');
    press('Arrive in May');
    press('Stay in Baku');
    await waitFor(() => expect(model('address')).toMatchObject({ invalid: false, dirty: true }));
    expect(model('form').valid).toBe(false);
    expect(model('guests').errors).toEqual(['At most 8 guests.']);
  });

  it('sends what a valid zod schema made of the values, typed as its output', async () => {
    const onSubmit = vi.fn((sent: z.output<typeof stay>) =>
      expectTypeOf(sent).toEqualTypeOf<{ name: string; guests: number; arrival: Date; address: { city: string } }>(),
    );
    render(<StayForm schema={stay} onSubmit={onSubmit} />);
    typeName('  Ada  ');
    press('Arrive in May');
    press('Stay in Baku');
    await waitFor(() => expect(model('form').valid).toBe(true));
    press('Send');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', guests: 1, arrival: new Date('2030-05-14'), address: { city: 'Baku' } }));
  });

  it('holds a required field invalid while it is empty, whatever the schema says', async () => {
    const onSubmit = vi.fn();
    render(<StayForm schema={z.object({ name: z.string() })} required={['name']} onSubmit={onSubmit} />);
    expect(model('name')).toMatchObject({ required: true, invalid: true, errors: [] });
    expect(model('form').valid).toBe(false);
    press('Send');
    await waitFor(() => expect(model('name').error).toBe(true));
    expect(onSubmit).not.toHaveBeenCalled();
    typeName('Ada');
    await waitFor(() => expect(model('form').valid).toBe(true));
    press('Send');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada' }));
  });

  it("gives a valibot schema's issues to their field as well", async () => {
    const schema = v.object({ guests: v.pipe(v.number(), v.maxValue(8, 'At most 8 guests.')) });
    render(<StayForm schema={schema} />);
    await waitFor(() => expect(model('form').valid).toBe(true));
    press('Twelve guests');
    await waitFor(() => expect(model('guests').errors).toEqual(['At most 8 guests.']));
  });
});

describe('the form model with a schema that answers later', () => {
  /** A schema whose answers the test gives, in any order: each call waits for `answer(name)`. */
  function slowSchema() {
    const waiting = new Map<string, (() => void)[]>();
    const schema: StandardSchemaV1<Stay, Stay> = {
      '~standard': {
        version: 1,
        vendor: 'slow',
        validate: (value) =>
          new Promise<StandardResult<Stay>>((resolve) => {
            const { name } = value as Stay;
            const settle = () => resolve(name.length < 3 ? { issues: [{ message: `“${name}” is too short.`, path: ['name'] }] } : { value: value as Stay });
            waiting.set(name, [...(waiting.get(name) ?? []), settle]);
          }),
      },
    };
    const answer = async (name: string) => {
      await waitFor(() => expect(waiting.has(name)).toBe(true));
      for (const settle of waiting.get(name) ?? []) settle();
      waiting.delete(name);
    };
    return { schema, answer };
  }

  it('takes only the answer for the latest values: a late answer for older ones changes nothing', async () => {
    const { schema, answer } = slowSchema();
    render(<StayForm schema={schema} />);
    expect(model('form')).toMatchObject({ valid: false, validating: true });
    await answer('');
    await waitFor(() => expect(model('name').errors).toEqual(['“” is too short.']));

    typeName('Ad');
    await waitFor(() => expect(model('form').validating).toBe(true));
    // What was shown stays until the latest values are answered.
    expect(model('name').errors).toEqual(['“” is too short.']);
    typeName('Ada');
    await answer('Ada');
    await waitFor(() => expect(model('form')).toMatchObject({ valid: true, validating: false }));
    await answer('Ad');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(model('name').errors).toEqual([]);
    expect(model('form').valid).toBe(true);
  });

  it('is submitting while the sent values are checked, and sends them once the schema holds', async () => {
    const { schema, answer } = slowSchema();
    const onSubmit = vi.fn();
    render(<StayForm schema={schema} onSubmit={onSubmit} />);
    await answer('');
    typeName('Ada');
    await answer('Ada');
    press('Send');
    await waitFor(() => expect(model('form').submitting).toBe(true));
    press('Send');
    await answer('Ada');
    await waitFor(() => expect(model('form').submitting).toBe(false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ada' }));
  });
});
