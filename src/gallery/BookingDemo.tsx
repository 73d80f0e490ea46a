import { useState } from 'react';
import * as z from 'zod';
import { Button, CheckboxGroup, DateInput, Field, ImageInput, NumberInput, useFormModel, type ChoiceValue, type FieldModel } from '@frontdoor/ui';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { Demo } from './GallerySection';
import { SHAPES } from './sample-images';

type BookingKey = KeysIn<GalleryTextKey, 'gallery.booking'>;

/** A rule's message: the key of its text, translated where the message is shown. */
const message = (key: BookingKey) => ({ error: `gallery.booking.${key}` });

const EXTRAS = ['lunch', 'parking', 'recording'] as const;

/** The booking's rules, made once for every render. */
const booking = z
  .object({
    contact: z.string().trim().min(2, message('contact-error')),
    seats: z.number(message('seats-error')).int(message('seats-error')).min(1, message('seats-error')).max(8, message('seats-error')),
    day: z.date(message('day-error')).refine((day) => day > new Date(), message('day-error')),
    extras: z.array(z.enum(EXTRAS)).max(2, message('extras-error')),
    badge: z.string(),
  })
  .refine(({ extras, seats }) => !extras.includes('recording') || seats >= 3, message('recording-error'));

/** What the form holds while it is filled in: nothing chosen yet is null. */
type Booking = { contact: string; seats: number | null; day: Date | null; extras: ChoiceValue[]; badge: string };

const INITIAL: Booking = { contact: '', seats: null, day: null, extras: [], badge: SHAPES.blue };

/** The date input's text for a day, and the day for its text (a text no date reads as none). */
const dayText = (day: Date | null) => day?.toISOString().slice(0, 10) ?? null;
const dayOf = (text: string | null) => (text && !Number.isNaN(new Date(text).getTime()) ? new Date(text) : null);

/** A form of values of every kind (a number, a date, a list, an image) whose rules are a zod schema. */
export function BookingDemo() {
  const t = useGalleryT();
  const b = (key: BookingKey) => t(`gallery.booking.${key}`);
  // The schema's messages are the keys it was made with.
  const texts = (keys: readonly string[]) => keys.map((key) => t(key as GalleryTextKey));
  const [booked, setBooked] = useState<z.output<typeof booking>>();
  const form = useFormModel({ initialValues: INITIAL, validate: booking, required: ['contact', 'seats', 'day'], onSubmit: (sent) => setBooked(sent) });
  const shown = (field: FieldModel) => (field.error ? texts(field.errors) : undefined);
  const contact = form.field('contact');
  const seats = form.field('seats');
  const day = form.field('day');
  const extras = form.field('extras');
  const badges = [
    { value: SHAPES.blue, text: t('gallery.fields.colour-blue') },
    { value: SHAPES.green, text: t('gallery.fields.colour-green') },
    { value: SHAPES.orange, text: t('gallery.fields.colour-orange') },
  ];

  return (
    <Demo title="useFormModel · zod" wide>
      <p>{b('intro')}</p>
      <form ref={form.ref} noValidate>
        <Field label={b('contact')} name="contact" autoComplete="name" required={contact.required} errors={shown(contact)} />
        <NumberInput
          label={b('seats')}
          name="seats"
          fractionDigits={0}
          required={seats.required}
          errors={shown(seats)}
          value={form.values.seats}
          setValue={(value) => form.setValue('seats', value)}
        />
        <DateInput
          label={b('day')}
          name="day"
          required={day.required}
          errors={shown(day)}
          value={dayText(form.values.day)}
          setValue={(text) => form.setValue('day', dayOf(text))}
        />
        <CheckboxGroup
          label={b('extras')}
          name="extras"
          options={EXTRAS.map((extra) => ({ value: extra, text: b(extra) }))}
          errors={shown(extras)}
          value={form.values.extras}
          setValue={(value) => form.setValue('extras', value)}
        />
        <ImageInput label={b('badge')} images={badges} value={form.values.badge} setValue={(badge) => form.setValue('badge', badge)} />
        <p className="fd-field__error" aria-live="polite">
          {form.sent && texts(form.formErrors)[0]}
        </p>
        <Button type="submit" busy={form.submitting} busyLabel={b('busy')}>
          {b('submit')}
        </Button>
      </form>
      <p aria-live="polite">
        {booked && (
          <>
            {b('booked')}: <code>{JSON.stringify({ ...booked, badge: badges.find(({ value }) => value === booked.badge)?.text })}</code>
          </>
        )}
      </p>
    </Demo>
  );
}
