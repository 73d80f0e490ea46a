import { useState } from 'react';
import { CheckboxGroup, DateInput, Field, ImageInput, NumberInput, RadioGroup, RangeInput, TextArea, type ChoiceValue } from '@frontdoor/ui';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { BookingDemo } from './BookingDemo';
import { Demo, GallerySection } from './GallerySection';
import { SHAPES } from './sample-images';

/** Inputs in each state: empty, filled, disabled, required and with an error; then a whole form of them. */
export function FieldsDemo() {
  const t = useGalleryT();
  const [amount, setAmount] = useState<number | null>(null);
  const [rating, setRating] = useState(7);
  const [start, setStart] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const [days, setDays] = useState<ChoiceValue[]>([1]);
  const [size, setSize] = useState<ChoiceValue | null>(null);
  const [avatar, setAvatar] = useState<string | null>(SHAPES.orange);
  const f = (key: KeysIn<GalleryTextKey, 'gallery.fields'>) => t(`gallery.fields.${key}`);
  const state = (key: KeysIn<GalleryTextKey, 'gallery.state'>) => t(`gallery.state.${key}`);
  const shapes = [
    { value: SHAPES.blue, text: f('colour-blue') },
    { value: SHAPES.green, text: f('colour-green') },
    { value: SHAPES.orange, text: f('colour-orange') },
    { value: SHAPES.purple, text: f('colour-purple') },
  ];
  const weekdays = [
    { value: '1', text: f('monday') },
    { value: '2', text: f('tuesday') },
    { value: '3', text: f('wednesday') },
    { value: 'weekend', text: f('weekend'), disabled: true },
  ];
  const sizes = [
    { value: 's', text: f('small') },
    { value: 'm', text: f('medium') },
    { value: 'l', text: f('large') },
  ];

  return (
    <GallerySection id="fields" title={t('gallery.section.fields')}>
      <Demo title="Field">
        <Field label={f('name')} autoComplete="name" />
        <Field label={`${f('name')} · ${state('disabled')}`} defaultValue="Ada Lovelace" disabled />
        <Field label={`${f('name')} · ${state('error')}`} required errors={[f('name-error')]} />
      </Demo>
      <Demo title="NumberInput">
        <NumberInput label={f('amount')} value={amount} setValue={setAmount} />
        <NumberInput label={`${f('weight')} · ${state('custom')}`} fractionDigits={3} defaultValue={72.5} />
        <NumberInput label={`${f('fee')} · ${state('disabled')}`} defaultValue={19.9} disabled />
        <NumberInput label={`${f('amount')} · ${state('error')}`} required errors={[f('amount-error')]} />
      </Demo>
      <Demo title="RangeInput">
        <RangeInput label={f('rating')} value={rating} setValue={setRating} />
        <RangeInput label={`${f('volume')} · ${state('custom')}`} min={0} max={100} step={5} defaultValue={40} />
        <RangeInput label={`${f('rating')} · ${state('disabled')}`} defaultValue={3} disabled />
      </Demo>
      <Demo title="DateInput">
        <DateInput label={f('start')} value={start} setValue={setStart} />
        <DateInput label={f('meeting')} type="datetime-local" defaultValue="2030-05-14T09:30" />
        <DateInput label={`${f('start')} · ${state('disabled')}`} defaultValue="2030-01-01" disabled />
        <DateInput label={`${f('deadline')} · ${state('error')}`} required errors={[f('deadline-error')]} />
      </Demo>
      <Demo title="TextArea">
        <TextArea label={f('notes')} value={notes} setValue={setNotes} />
        <TextArea label={f('bio')} maxLength={160} required />
        <TextArea label={`${f('bio')} · ${state('error')}`} maxLength={160} required defaultValue="Hi." errors={[f('bio-error')]} rows={2} />
        <TextArea label={`${f('notes')} · ${state('disabled')}`} defaultValue="—" disabled rows={2} />
      </Demo>
      <Demo title="CheckboxGroup">
        <CheckboxGroup label={f('days')} options={weekdays} value={days} setValue={setDays} />
        <CheckboxGroup label={`${f('days')} · ${state('row')}`} options={weekdays} direction="row" required errors={[f('days-error')]} />
        <CheckboxGroup label={`${f('days')} · ${state('disabled')}`} options={weekdays} defaultValue={[2]} disabled />
      </Demo>
      <Demo title="RadioGroup">
        <RadioGroup label={f('size')} options={sizes} value={size} setValue={setSize} required />
        <RadioGroup label={`${f('size')} · ${state('row')}`} options={sizes} direction="row" defaultValue="m" />
        <RadioGroup label={`${f('size')} · ${state('disabled')}`} options={sizes} defaultValue="l" disabled />
      </Demo>
      <Demo title="ImageInput">
        <ImageInput label={f('avatar')} images={shapes} value={avatar} setValue={setAvatar} />
        <ImageInput label={f('avatar-disabled')} images={shapes} defaultValue={SHAPES.green} disabled />
      </Demo>
      <BookingDemo />
    </GallerySection>
  );
}
