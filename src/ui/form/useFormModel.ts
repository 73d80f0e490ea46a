import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useForm } from '@felte/react';
import { validator } from '@felte/validator-zod';
import type { ZodMiniType } from 'zod/mini';

/** What a form knows of one field (flows 3, form field model). */
export interface FieldModel {
  name: string;
  required: boolean;
  /** The value differs from the one the form started with. */
  dirty: boolean;
  /** The field has been left at least once, or the form was sent. */
  touched: boolean;
  /** The value breaks a rule of the schema. */
  invalid: boolean;
  /** The field shows its error: it is invalid and touched. */
  error: boolean;
  /** The schema's messages for the value (i18n keys or texts), in the schema's order. */
  errors: string[];
}

export interface FormModelOptions<Values extends Record<string, unknown>> {
  /** One schema for the form, composed of the field schemas; its messages are what the fields show. */
  schema: ZodMiniType<Values>;
  initialValues: Values;
  /** The fields that must be filled, for the asterisk (flows 5). */
  required?: readonly (keyof Values & string)[];
  onSubmit(values: Values): unknown;
}

/**
 * Per-field declarative validation with dirty and touched tracking (flows 5), on felte and a zod
 * schema: the form's `ref`, each field's model, the form's validity and whether it is being sent.
 * Fields are plain inputs found by their `name`. Every value is checked against the schema as it
 * changes; a field is touched once left (felte marks every field touched when the form is sent),
 * and shows its errors from then on.
 *
 * @example
 * const form = useFormModel({ schema, initialValues: { email: '' }, required: ['email'], onSubmit });
 * const email = form.field('email');
 * <form ref={form.ref}><Field name="email" required={email.required} errors={email.error ? email.errors.map(t) : undefined} /></form>
 */
export function useFormModel<Values extends Record<string, unknown>>(options: FormModelOptions<Values>) {
  const initial = useRef(options.initialValues);
  // A form rendered before its script (a prerendered page) may hold what was typed meanwhile;
  // felte writes the initial values into the fields when its effect starts it. The typed values
  // are read by an effect declared before felte's, so it runs just before it in the same task
  // (nothing can be typed in between), and given back by one declared after.
  const typed = useRef<[string, string][]>([]);
  useEffect(() => {
    // @felte/react's `form` is a ref object (useRef), though typed as any kind of ref.
    typed.current = typedValues((felte.form as RefObject<HTMLFormElement | null>).current, options.initialValues);
  }, []);
  const felte = useForm<Values>({
    initialValues: options.initialValues,
    // felte's validator is typed for zod 3; zod 4's schemas parse the same way (parseAsync).
    extend: validator({ schema: options.schema as unknown as Parameters<typeof validator>[0]['schema'] }),
    onSubmit: (values: Values) => options.onSubmit(values),
  });
  useEffect(() => {
    for (const [name, value] of typed.current) felte.setFields(name as never, value as never);
  }, []);
  const values = felte.data() as Values;
  // felte keeps the errors of touched fields only; the model knows every field's, touched or not.
  const issues = useMemo(() => {
    const result = options.schema.safeParse(values);
    const byField = new Map<string, string[]>();
    for (const issue of result.success ? [] : result.error.issues) {
      const name = String(issue.path[0] ?? '');
      byField.set(name, [...(byField.get(name) ?? []), issue.message]);
    }
    return byField;
  }, [values, options.schema]);

  function field(name: keyof Values & string): FieldModel {
    const errors = issues.get(name) ?? [];
    // By path, not by a selector function: felte keeps one value per selector text.
    const touched = Boolean(felte.touched(name as never));
    const invalid = errors.length > 0;
    return {
      name,
      required: options.required?.includes(name) ?? false,
      dirty: values[name] !== initial.current[name],
      touched,
      invalid,
      error: invalid && touched,
      errors,
    };
  }

  return {
    /** The `ref` of the form element. */
    ref: felte.form,
    field,
    /** Every field follows its rules. */
    valid: issues.size === 0,
    /** The form is being sent: its button shows progress and takes no second click. */
    submitting: felte.isSubmitting(),
    /** The form's values now. */
    values,
    /** Sends the form, as its submit button would. */
    submit: () => felte.handleSubmit(),
  };
}

/** The text fields whose value differs from the form's initial one: typed before the script ran. */
function typedValues(form: HTMLFormElement | null, initialValues: Record<string, unknown>): [string, string][] {
  if (!form) return [];
  return Object.entries(initialValues).flatMap(([name, initial]): [string, string][] => {
    const element = form.elements.namedItem(name);
    const isText = element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.type !== 'checkbox' && element.type !== 'radio');
    return typeof initial === 'string' && isText && element.value !== '' && element.value !== initial ? [[name, element.value]] : [];
  });
}

export type FormModel<Values extends Record<string, unknown>> = ReturnType<typeof useFormModel<Values>>;
