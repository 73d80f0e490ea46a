/**
 * A Standard Schema validator's answer as the form model's ruling (src/ui/form/form-rules.ts): each
 * issue's message goes to the field its path starts with, else to the form. A module of its own, so
 * a page whose forms use plain rule functions never loads it.
 */
import type { Ruling } from './ruling';
import type { StandardIssue, StandardResult, StandardSchemaV1 } from './standard-schema';

export async function ruleBySchema<Values extends Record<string, unknown>, Message extends string, Output>(
  values: Values,
  schema: StandardSchemaV1<unknown, Output>,
): Promise<Ruling<Values, Message, Output>> {
  return fromResult(await schema['~standard'].validate(values), values);
}

/** A schema's result as a ruling: each issue's message to the field its path starts with, else to the form. */
function fromResult<Values extends Record<string, unknown>, Message extends string, Output>(
  result: StandardResult<Output>,
  values: Values,
): Ruling<Values, Message, Output> {
  if (!result.issues) return { errors: {}, formErrors: [], holds: true, output: result.value };
  const errors: { [Name in keyof Values & string as Name]?: Message[] } = {};
  const formErrors: Message[] = [];
  for (const { message, path } of result.issues) {
    // FormRules allows a schema only with the default Message, string.
    const text = message as Message;
    const name = fieldOf(path, values);
    if (name === undefined) formErrors.push(text);
    else (errors[name] ??= []).push(text);
  }
  return { errors, formErrors, holds: false };
}

/** The field an issue is about: the first key of its path, when that names a field of the form. */
function fieldOf<Values extends Record<string, unknown>>(path: StandardIssue['path'], values: Values): (keyof Values & string) | undefined {
  const first = path?.[0];
  const key = typeof first === 'object' ? first.key : first;
  return typeof key === 'string' && Object.hasOwn(values, key) ? key : undefined;
}
