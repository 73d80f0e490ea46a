/** What a form's rules answer: each field's messages, the form's own, and what it sends when they hold. */

/** Each field's messages for the values, in order; a field with none (or no entry) follows its rules. */
export type FieldErrors<Values, Message extends string = string> = { readonly [Name in keyof Values & string as Name]?: readonly Message[] };

/** What the rules say of some values; what the form sends when they hold. */
export type Ruling<Values, Message extends string, Output> = {
  errors: FieldErrors<Values, Message>;
  /** Messages about no one field: a schema's issues without a path, or whose path starts with no field of the form. */
  formErrors: readonly Message[];
} & ({ holds: true; output: Output } | { holds: false });
