import { useLayoutEffect, useRef, useState } from 'react';
import { rule, useFormRules, type FormRules } from './form-rules';
import { sameValue } from './same-value';

/** A value an input holds for its field, found by the field's name: text, or whether a checkbox is ticked. */
export type FieldValue = string | boolean;

/** What a form knows of one field (flows 3, form field model). */
export interface FieldModel<Message extends string = string> {
  name: string;
  required: boolean;
  /** The value differs from the one the form started with (a list, a plain object or a date by content). */
  dirty: boolean;
  /** The field has been left at least once, or the form was sent. */
  touched: boolean;
  /** The value breaks a rule, or a required field is empty. */
  invalid: boolean;
  /** The field shows its errors: it is invalid, and touched (or sent, for a form that shows them on sending). */
  error: boolean;
  /** The rules' messages for the value (i18n keys or texts), in the rules' order. */
  errors: readonly Message[];
}

export interface FormModelOptions<Values extends Record<string, unknown>, Message extends string = string, Output = Values> {
  /**
   * The fields and their first values, of any kind. A text or yes/no value is read from the form's
   * input of the field's name; any other (a number, a date, a list, a chosen image) is handed over
   * with `setValue`.
   */
  initialValues: Values;
  /**
   * The form's rules: one function of the values that answers each field's messages (flows 5), or a
   * Standard Schema validator (zod 4, valibot, …), whose issues go to the field their path starts
   * with, and to `formErrors` when it starts with none. Make a schema once, outside the render: a
   * new schema runs again.
   */
  validate?: FormRules<Values, Message, Output>;
  /** The fields that must be filled (a checkbox ticked, a list not empty): the asterisk, and invalid while empty. */
  required?: readonly (keyof Values & string)[];
  /** When a field shows its errors: once it has been left (the default), or once the form is sent. */
  showErrors?: 'once-left' | 'once-sent';
  /**
   * Called with the values of a valid form (as a schema made them: coerced, transformed); the form is
   * `submitting` until its promise settles.
   */
  onSubmit(values: Output): unknown;
}

/**
 * Per-field declarative validation with dirty and touched tracking (flows 5): the form's `ref`, each
 * field's model, the form's validity and whether it is being sent. A field of text or yes/no is a
 * plain input found by its `name`: what is typed is read from its input events. A field of any other
 * value, or a control that keeps its own value (a code's boxes), hands it over with `setValue`. A
 * field is touched once an element of its name is left, and sending the form touches every field and
 * calls `onSubmit` only when every rule holds. The rules (a function, or a Standard Schema validator
 * such as a zod schema) run once per change of the values.
 *
 * A form rendered before its script (a prerendered page) may hold what was typed meanwhile: the
 * model takes it over from the fields when the form is attached, and a press held until then is
 * sent with it.
 *
 * @example
 * const form = useFormModel({
 *   initialValues: { email: '' },
 *   validate: ({ email }) => ({ email: email.includes('@') ? [] : ['Enter an e-mail address.'] }),
 *   required: ['email'],
 *   onSubmit: ({ email }) => subscribe(email),
 * });
 * const email = form.field('email');
 * <form ref={form.ref}><Field name="email" required={email.required} errors={email.error ? email.errors : undefined} /></form>
 *
 * @example
 * const booking = z.object({ guests: z.number().int().min(1), arrival: z.date() });
 * const form = useFormModel({ initialValues: { guests: 1, arrival: null as Date | null }, validate: booking, onSubmit: book });
 * <DateInput label="Arrival" name="arrival" setValue={(text) => form.setValue('arrival', text ? new Date(text) : null)} />
 */
export function useFormModel<Values extends Record<string, unknown>, Message extends string = string, Output = Values>(
  options: FormModelOptions<Values, Message, Output>,
) {
  const [initial] = useState(options.initialValues);
  const [values, setValues] = useState(options.initialValues);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { ruling, validating } = useFormRules(values, options.validate);
  const empty = emptyFields(values, options.required);

  // The form's listeners are attached once; they read the latest render's values and options.
  const latest = useRef({ values, options, submitting });
  useLayoutEffect(() => {
    latest.current = { values, options, submitting };
  });

  const [model] = useState(() => {
    let form: HTMLFormElement | null = null;
    const known = (name: string) => Object.hasOwn(latest.current.values, name);

    async function send(): Promise<void> {
      if (!form || latest.current.submitting) return;
      const now = { ...latest.current.values, ...inputValues(form, latest.current.values) };
      const { validate, required, onSubmit } = latest.current.options;
      setValues(now);
      setSent(true);
      // A press while the rules or the sending run is ignored. Rules that answer at once and do not
      // hold end it before any render: only a wait shows.
      latest.current.submitting = true;
      setSubmitting(true);
      try {
        let ruling = rule(now, validate);
        if (ruling instanceof Promise) ruling = await ruling;
        if (ruling.holds && emptyFields(now, required).length === 0) await onSubmit(ruling.output);
      } finally {
        latest.current.submitting = false;
        setSubmitting(false);
      }
    }

    const changed = (event: Event) => {
      const target = event.target as HTMLInputElement;
      const { name } = target;
      if (!known(name)) return;
      const value = readInput(target, latest.current.values[name]);
      if (value !== undefined) setValues((before) => (before[name] === value ? before : { ...before, [name]: value }));
    };
    const blurred = (event: Event) => {
      const { name } = event.target as HTMLInputElement;
      if (known(name)) setLeft((before) => (before.has(name) ? before : new Set(before).add(name)));
    };
    const submitted = (event: Event) => {
      event.preventDefault();
      void send();
    };

    const listeners = { input: changed, change: changed, focusout: blurred, submit: submitted };

    function attach(node: HTMLFormElement | null): void {
      for (const [type, listener] of Object.entries(listeners)) {
        form?.removeEventListener(type, listener);
        node?.addEventListener(type, listener);
      }
      form = node;
      if (!node) return;
      // What was typed before the script took the form over.
      const typed = inputValues(node, latest.current.values);
      if (Object.keys(typed).length > 0) setValues((before) => ({ ...before, ...typed }));
    }

    return {
      attach,
      send,
      setValue: <Name extends keyof Values & string>(name: Name, value: Values[Name]) =>
        setValues((before) => (Object.is(before[name], value) ? before : { ...before, [name]: value })),
    };
  });

  function field(name: keyof Values & string): FieldModel<Message> {
    const messages = ruling.errors[name] ?? [];
    const invalid = messages.length > 0 || empty.includes(name);
    const touched = sent || left.has(name);
    return {
      name,
      required: options.required?.includes(name) ?? false,
      dirty: !sameValue(values[name], initial[name]),
      touched,
      invalid,
      error: invalid && (options.showErrors === 'once-sent' ? sent : touched),
      errors: messages,
    };
  }

  return {
    /** The `ref` of the form element. */
    ref: model.attach,
    field,
    /** Every field follows its rules (and a schema has answered for the values now). */
    valid: !validating && ruling.holds && empty.length === 0,
    /** A schema's messages about no one field (an issue without a path, or about a value the form does not hold). */
    formErrors: ruling.formErrors,
    /** A schema with asynchronous checks has not answered for the values now yet; the last answer stays shown. */
    validating,
    /** The form has been sent at least once. */
    sent,
    /** The form is being sent (or checked, by an asynchronous schema): its button shows progress, and a second press is ignored. */
    submitting,
    /** The form's values now. */
    values,
    /** Sets a field's value: any value not read from an input, or a control's that keeps its own (it is given the value back). */
    setValue: model.setValue,
    /** Sends the form, as its submit button would. */
    submit: () => void model.send(),
  };
}

/** The required fields left empty: no text, an unticked box, no value or an empty list (invalid without a message: the asterisk says why). */
function emptyFields<Values extends Record<string, unknown>>(values: Values, required: readonly (keyof Values & string)[] = []) {
  return required.filter((name) => {
    const value = values[name];
    return value === '' || value === false || value === null || value === undefined || (Array.isArray(value) && value.length === 0);
  });
}

export type FormModel<Values extends Record<string, unknown>, Message extends string = string, Output = Values> = ReturnType<
  typeof useFormModel<Values, Message, Output>
>;

/**
 * What an input holds for a field of text (its value) or of yes/no (whether it is ticked). A field
 * of any other value (a number, a date, a list, an image) has none: it comes through `setValue`,
 * even when its control has an input of the field's name.
 */
function readInput(input: HTMLInputElement | HTMLTextAreaElement, before: unknown): FieldValue | undefined {
  if (typeof before === 'boolean') return input instanceof HTMLInputElement ? input.checked : undefined;
  return typeof before === 'string' ? input.value : undefined;
}

/** The values the form's named inputs hold now and the model does not, for the names the form knows. */
function inputValues<Values extends Record<string, unknown>>(form: HTMLFormElement, known: Values): Partial<Values> {
  const found: Record<string, FieldValue> = {};
  for (const [name, before] of Object.entries(known)) {
    const element = form.elements.namedItem(name);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    const value = readInput(element, before);
    if (value !== undefined && value !== before) found[name] = value;
  }
  return found as Partial<Values>;
}
