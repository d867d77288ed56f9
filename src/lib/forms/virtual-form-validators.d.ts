// Types of the module `form-validators-plugin.ts` generates.
declare module 'virtual:form-validators' {
  import type { ErrorObject } from 'ajv';

  /** An ajv standalone validator: true when valid; otherwise its `errors` list the problems. */
  export type StandaloneValidator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

  export const validators: Record<string, StandaloneValidator>;
}
