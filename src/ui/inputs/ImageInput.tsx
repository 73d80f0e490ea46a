import { useId, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
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
 * moves to the front of the list (flows 4). A radio group underneath, so arrow keys and screen readers
 * work as usual. The list keeps its order while the person is at it, so the image just chosen does
 * not jump away: while the pointer is over the list, and after a key pressed in it until focus leaves
 * it (arrow keys step through the order they see). Focus stays on the image it was on when the list
 * reorders.
 *
 * @example
 * <ImageInput label={t('field.avatar')} images={avatars} value={avatar} setValue={setAvatar} />
 */
export function ImageInput({ label, images, value, defaultValue = null, setValue, disabled, className, ...fieldsetProps }: ImageInputProps) {
  const name = useId();
  const [current, update] = useControllable<string | null, string>(value, setValue, defaultValue);
  const [pointerInside, setPointerInside] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const [heldFront, setHeldFront] = useState(current);
  const holding = pointerInside || keyboardInside;
  const front = holding ? heldFront : current;
  const ordered = currentFirst(images, front);

  const list = useRef<HTMLDivElement>(null);
  // The image that has focus: a reorder moves elements, and a moved element loses focus.
  const focused = useRef<string | undefined>(undefined);
  const hold = (by: typeof setPointerInside) => {
    if (!holding) setHeldFront(current);
    by(true);
  };
  useLayoutEffect(() => {
    const radio = [...(list.current?.querySelectorAll('input') ?? [])].find((input) => input.value === focused.current);
    if (radio && !list.current?.contains(radio.ownerDocument.activeElement)) radio.focus({ preventScroll: true });
  }, [front]);

  return (
    <fieldset {...fieldsetProps} disabled={disabled} className={cx('fd-image-input', className)}>
      <legend className="fd-field__label">{label}</legend>
      <div
        ref={list}
        className="fd-image-input__list"
        onPointerEnter={() => hold(setPointerInside)}
        onPointerLeave={() => setPointerInside(false)}
        onKeyDown={() => hold(setKeyboardInside)}
        onFocus={(event) => {
          focused.current = (event.target as HTMLInputElement).value;
        }}
        onBlur={(event) => {
          // Focus that goes elsewhere, not an element the reorder moved (which is out of the page for a moment).
          if (event.currentTarget.contains(event.relatedTarget as Node | null) || !(event.target as Node).isConnected) return;
          focused.current = undefined;
          setKeyboardInside(false);
        }}
      >
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
