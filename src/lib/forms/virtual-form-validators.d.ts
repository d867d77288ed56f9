// Types of the modules `form-validators-plugin.ts` generates, one per form schema
// (`virtual:form-validator/userCreate`, ...; an unknown name fails the build).
declare module 'virtual:form-validator/*' {
  import type { ErrorObject } from 'ajv';

  /** An ajv standalone validator: true when valid; otherwise its `errors` list the problems. */
  const validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
  export default validate;
}
