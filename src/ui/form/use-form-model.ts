import { useLayoutEffect, useRef, useState } from 'react';

/** A field's value: text, or whether a checkbox is ticked. */
export type FieldValue = string | boolean;

/** Each field's messages for the values, in order; a field with none (or no entry) follows its rules. */
export type FieldErrors<Values, Message extends string = string> = { readonly [Name in keyof Values & string as Name]?: readonly Message[] };

/** What a form knows of one field (flows 3, form field model). */
export interface FieldModel<Message extends string = string> {
  name: string;
  required: boolean;
  /** The value differs from the one the form started with. */
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

export interface FormModelOptions<Values extends Record<string, FieldValue>, Message extends string = string> {
  initialValues: Values;
  /** The form's rules, in one function of the values: each field's messages (flows 5). */
  validate?: (values: Values) => FieldErrors<Values, Message>;
  /** The fields that must be filled (a checkbox ticked): the asterisk, and invalid while empty. */
  required?: readonly (keyof Values & string)[];
  /** When a field shows its errors: once it has been left (the default), or once the form is sent. */
  showErrors?: 'once-left' | 'once-sent';
  /** Called with the values of a valid form; the form is `submitting` until its promise settles. */
  onSubmit(values: Values): unknown;
}

/**
 * Per-field declarative validation with dirty and touched tracking (flows 5): the form's `ref`, each
 * field's model, the form's validity and whether it is being sent. Fields are plain inputs found by
 * their `name`: what is typed is read from their input events, a field is touched once left, and
 * sending the form touches every field and calls `onSubmit` only when every rule holds. A control
 * that keeps its own value (a code's boxes) hands it over with `setValue`. The rules run once per
 * change of the values, in the one `validate` function.
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
 */
export function useFormModel<Values extends Record<string, FieldValue>, Message extends string = string>(options: FormModelOptions<Values, Message>) {
  const [initial] = useState(options.initialValues);
  const [values, setValues] = useState(options.initialValues);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const rules = check(values, options);

  // The form's listeners are attached once; they read the latest render's values and options.
  const latest = useRef({ values, options, submitting });
  useLayoutEffect(() => {
    latest.current = { values, options, submitting };
  });

  const [model] = useState(() => {
    let form: HTMLFormElement | null = null;
    const names = () => Object.keys(latest.current.values);

    async function send(): Promise<void> {
      if (!form || latest.current.submitting) return;
      const now = { ...latest.current.values, ...fieldValues(form, latest.current.values) };
      setValues(now);
      setSent(true);
      if (!check(now, latest.current.options).valid) return;
      latest.current.submitting = true;
      setSubmitting(true);
      try {
        await latest.current.options.onSubmit(now);
      } finally {
        latest.current.submitting = false;
        setSubmitting(false);
      }
    }

    const changed = (event: Event) => {
      const target = event.target as HTMLInputElement;
      if (!names().includes(target.name)) return;
      const value = typeof latest.current.values[target.name] === 'boolean' ? target.checked : target.value;
      setValues((before) => (before[target.name] === value ? before : { ...before, [target.name]: value }));
    };
    const blurred = (event: Event) => {
      const { name } = event.target as HTMLInputElement;
      if (names().includes(name)) setLeft((before) => (before.has(name) ? before : new Set(before).add(name)));
    };
    const submitted = (event: Event) => {
      event.preventDefault();
      void send();
    };

    function attach(node: HTMLFormElement | null): void {
      form?.removeEventListener('input', changed);
      form?.removeEventListener('change', changed);
      form?.removeEventListener('focusout', blurred);
      form?.removeEventListener('submit', submitted);
      form = node;
      if (!node) return;
      node.addEventListener('input', changed);
      node.addEventListener('change', changed);
      node.addEventListener('focusout', blurred);
      node.addEventListener('submit', submitted);
      // What was typed before the script took the form over.
      const typed = fieldValues(node, latest.current.values);
      if (Object.keys(typed).length > 0) setValues((before) => ({ ...before, ...typed }));
    }

    return {
      attach,
      send,
      setValue: <Name extends keyof Values & string>(name: Name, value: Values[Name]) => setValues((before) => ({ ...before, [name]: value })),
    };
  });

  function field(name: keyof Values & string): FieldModel<Message> {
    const messages = rules.errors[name] ?? [];
    const invalid = messages.length > 0 || rules.empty.includes(name);
    const touched = sent || left.has(name);
    return {
      name,
      required: options.required?.includes(name) ?? false,
      dirty: values[name] !== initial[name],
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
    /** Every field follows its rules. */
    valid: rules.valid,
    /** The form has been sent at least once. */
    sent,
    /** The form is being sent: its button shows progress, and a second press is ignored. */
    submitting,
    /** The form's values now. */
    values,
    /** Sets a field's value, for a control that keeps its own (it is given the value back). */
    setValue: model.setValue,
    /** Sends the form, as its submit button would. */
    submit: () => void model.send(),
  };
}

/** The rules' messages, and the required fields left empty (invalid without a message: the asterisk says why). */
function check<Values extends Record<string, FieldValue>, Message extends string>(
  values: Values,
  { validate, required = [] }: FormModelOptions<Values, Message>,
) {
  const errors: FieldErrors<Values, Message> = validate?.(values) ?? {};
  const empty = required.filter((name) => values[name] === '' || values[name] === false);
  const valid = empty.length === 0 && Object.values<readonly Message[] | undefined>(errors).every((messages) => !messages?.length);
  return { errors, empty, valid };
}

/** The values the form's named fields hold now, for the names the form knows. */
function fieldValues<Values extends Record<string, FieldValue>>(form: HTMLFormElement, known: Values): Partial<Values> {
  const found: Record<string, FieldValue> = {};
  for (const [name, before] of Object.entries(known)) {
    const element = form.elements.namedItem(name);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) continue;
    const value = typeof before === 'boolean' && element instanceof HTMLInputElement ? element.checked : element.value;
    if (value !== before) found[name] = value;
  }
  return found as Partial<Values>;
}

export type FormModel<Values extends Record<string, FieldValue>, Message extends string = string> = ReturnType<typeof useFormModel<Values, Message>>;
