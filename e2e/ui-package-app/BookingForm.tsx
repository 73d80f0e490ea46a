/**
 * A booking of values that are not text (a number, a date, a list) in the toolkit's form model,
 * its rules a zod schema: the errors it shows and the values it sends, typed as the schema makes
 * them (e2e/ui-package.spec.ts).
 */
import { useState } from 'react';
import * as z from 'zod';
import { Button, CheckboxGroup, DateInput, NumberInput, useFormModel, type ChoiceValue, type FieldModel } from '@frontdoor/ui';

const booking = z.object({
  guests: z.number({ error: 'Enter the guests.' }).int().min(1, 'At least one guest.').max(8, 'At most 8 guests.'),
  arrival: z.date({ error: 'Choose an arrival.' }).min(new Date('2030-01-01'), 'Arrive in 2030 or later.'),
  extras: z.array(z.enum(['breakfast', 'parking'])).min(1, 'Choose an extra.'),
});

type Booking = { guests: number | null; arrival: Date | null; extras: ChoiceValue[] };

const NOTHING_CHOSEN: Booking = { guests: null, arrival: null, extras: [] };

const shown = (field: FieldModel) => (field.error ? field.errors : undefined);

export function BookingForm() {
  const [booked, setBooked] = useState('');
  const form = useFormModel({
    initialValues: NOTHING_CHOSEN,
    validate: booking,
    // The kind of each value that arrives, for the story to read.
    onSubmit: ({ guests, arrival, extras }) =>
      setBooked(`${typeof guests} ${guests}, ${arrival.constructor.name} ${arrival.toISOString().slice(0, 10)}, ${extras.join('+')}`),
  });
  const arrival = form.values.arrival;
  return (
    <form ref={form.ref} noValidate aria-label="Booking">
      <NumberInput
        label="Guests"
        name="guests"
        fractionDigits={0}
        errors={shown(form.field('guests'))}
        value={form.values.guests}
        setValue={(guests) => form.setValue('guests', guests)}
      />
      <DateInput
        label="Arrival"
        name="arrival"
        errors={shown(form.field('arrival'))}
        value={arrival ? arrival.toISOString().slice(0, 10) : null}
        setValue={(text) => form.setValue('arrival', text ? new Date(text) : null)}
      />
      <CheckboxGroup
        label="Extras"
        name="extras"
        options={[
          { value: 'breakfast', text: 'Breakfast' },
          { value: 'parking', text: 'Parking' },
        ]}
        errors={shown(form.field('extras'))}
        value={form.values.extras}
        setValue={(extras) => form.setValue('extras', extras)}
      />
      <Button type="submit" busy={form.submitting}>
        Book
      </Button>
      <output data-testid="booking">{booked}</output>
    </form>
  );
}
