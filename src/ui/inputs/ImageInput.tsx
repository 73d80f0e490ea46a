import { useId, useMemo, type ComponentProps } from 'react';
import { useControllable } from '../internal/use-controllable';
import { cx } from '../internal/cx';

/** One image to choose: its URL as the value, and a text naming it for screen readers. */
export interface ImageChoice {
  value: string;
  text: string;
}

export interface ImageInputProps extends Omit<ComponentProps<'fieldset'>, 'defaultValue' | 'onChange'> {
  /** The group's legend, already translated. */
  label: string;
  images: readonly ImageChoice[];
  value?: string | null;
  defaultValue?: string | null;
  setValue?: (value: string) => void;
}

/** The list with the current value first (flows 4); the rest keep their order. */
export function currentFirst(images: readonly ImageChoice[], current: string | null): ImageChoice[] {
  const chosen = images.find((image) => image.value === current);
  return chosen ? [chosen, ...images.filter((image) => image !== chosen)] : [...images];
}

/**
 * A choice among images: clicking one selects it unless the input is disabled, and the current value
 * is shown first (flows 4). A radio group underneath, so arrow keys and screen readers work as usual.
 * The order is fixed when the list arrives, so an image does not jump away from the pointer.
 *
 * @example
 * <ImageInput label={t('field.avatar')} images={avatars} value={avatar} setValue={setAvatar} />
 */
export function ImageInput({ label, images, value, defaultValue = null, setValue, disabled, className, ...fieldsetProps }: ImageInputProps) {
  const name = useId();
  const [current, update] = useControllable<string | null, string>(value, setValue, defaultValue);
  // Keyed on the list only: the value at the time the list arrives goes first.
  const ordered = useMemo(() => currentFirst(images, current), [images]);
  return (
    <fieldset {...fieldsetProps} disabled={disabled} className={cx('fd-image-input', className)}>
      <legend className="fd-field__label">{label}</legend>
      <div className="fd-image-input__list">
        {ordered.map((image) => (
          <label key={image.value} className="fd-image-input__option">
            <input
              className="fd-visually-hidden"
              type="radio"
              name={name}
              value={image.value}
              checked={image.value === current}
              disabled={disabled}
              onChange={() => update(image.value)}
            />
            <img className="fd-image-input__image" src={image.value} alt={image.text} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
