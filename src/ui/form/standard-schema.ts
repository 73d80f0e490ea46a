/**
 * The Standard Schema interface, version 1 (https://standardschema.dev), which zod 4, valibot,
 * ArkType and other validators implement. The spec asks its users to copy these types rather than
 * depend on a package, so the toolkit stays free of any validation library.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output>;
}

/** A schema's standard properties. */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
  readonly version: 1;
  /** The library that made the schema, such as `zod` or `valibot`. */
  readonly vendor: string;
  /** Validates any value: the output at once or later (a schema with asynchronous checks). */
  readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
  /** Types only, for inference: no library sets it at run time. */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/** A validation's result: the output, or the issues (a falsy `issues` means success). */
export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly StandardIssue[] };

/** One broken rule: its message, and where in the value it lies. */
export interface StandardIssue {
  readonly message: string;
  /** The keys from the value down to the part at fault, each bare or as `{ key }`. */
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}
