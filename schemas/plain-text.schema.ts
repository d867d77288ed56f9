/**
 * Text a person types into a name or a description: at least one visible character, and no markup
 * (`<` or `>`), up to `maxLength` characters. The one shape of such fields across the areas.
 */
export function plainTextSchema<const Max extends number>(maxLength: Max) {
  return { type: 'string', minLength: 1, maxLength, pattern: '^[^<>]*[^<>\\s][^<>]*$' } as const;
}
