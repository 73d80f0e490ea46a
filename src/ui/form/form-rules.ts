import { useEffect, useMemo, useState } from 'react';
import type { StandardSchemaV1 } from './standard-schema';
import type { FieldErrors, Ruling } from './ruling';

export type { FieldErrors, Ruling } from './ruling';

/**
 * A form's rules: one function of the values that answers each field's messages (as the front
 * door's forms have them), or any Standard Schema validator (zod 4, valibot, …). A schema's messages
 * are its issues' texts, so a schema goes with the default `Message`, string.
 */
export type FormRules<Values, Message extends string = string, Output = Values> =
  ((values: Values) => FieldErrors<Values, Message>) | (string extends Message ? StandardSchemaV1<unknown, Output> : never);

/** The rules as the model runs them: a function, a schema, or none. */
type AnyRules<Values, Message extends string, Output> = ((values: Values) => FieldErrors<Values, Message>) | StandardSchemaV1<unknown, Output> | undefined;

/**
 * What the rules say of the values: a function's at once, a schema's once its module has arrived
 * (src/ui/form/schema-rules.ts: a page whose forms have plain rule functions, as the front door's
 * sign-in, never loads it) and its checks have run. A function's form sends its values as they
 * are, a schema's form what the schema made of them (coerced, transformed).
 *
 * @example
 * await rule({ guests: 0 }, z.object({ guests: z.number().min(1, 'At least one guest.') }));
 * // { errors: { guests: ['At least one guest.'] }, formErrors: [], holds: false }
 */
export function rule<Values extends Record<string, unknown>, Message extends string, Output>(
  values: Values,
  rules: AnyRules<Values, Message, Output>,
): Ruling<Values, Message, Output> | Promise<Ruling<Values, Message, Output>> {
  // The property decides, since some schemas are functions too (ArkType's).
  if (rules && '~standard' in rules) return import('./schema-rules').then((schema) => schema.ruleBySchema(values, rules));
  const errors: FieldErrors<Values, Message> = rules?.(values) ?? {};
  const holds = Object.values<readonly Message[] | undefined>(errors).every((messages) => !messages?.length);
  // Without a schema nothing changes the values on their way out: Output is Values (useFormModel's default).
  return { errors, formErrors: [], holds, output: values as unknown as Output };
}

/** Shown while a schema's first answer is awaited: no message yet, and nothing to send. */
const AWAITED = { errors: {}, formErrors: [], holds: false } as const;

/**
 * The rules' ruling on the form's values, and whether it is still being worked out. The rules run
 * once per change of the values or of the rules. A schema that answers later (asynchronous checks)
 * leaves its last answer shown meanwhile; only the answer for the latest values is taken, so a slow
 * answer for older values never overwrites a newer one.
 *
 * @example
 * const { ruling, validating } = useFormRules(values, schema);
 */
export function useFormRules<Values extends Record<string, unknown>, Message extends string, Output>(
  values: Values,
  rules: AnyRules<Values, Message, Output>,
): { ruling: Ruling<Values, Message, Output>; validating: boolean } {
  // Not again on every render: a schema with asynchronous checks would start over each time.
  const run = useMemo(() => rule(values, rules), [values, rules]);
  const [answered, setAnswered] = useState<{ run: Promise<Ruling<Values, Message, Output>>; ruling: Ruling<Values, Message, Output> }>();

  useEffect(() => {
    if (!(run instanceof Promise)) return;
    let latest = true;
    void run.then((ruling) => latest && setAnswered({ run, ruling }));
    return () => {
      latest = false;
    };
  }, [run]);

  if (!(run instanceof Promise)) return { ruling: run, validating: false };
  return { ruling: answered?.ruling ?? AWAITED, validating: answered?.run !== run };
}
