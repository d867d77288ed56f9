/** What an object schema says about which fields must be present: `required`, and one `if`/`then`. */
interface RequiredRules {
  readonly required?: readonly string[];
  readonly if?: {
    readonly required?: readonly string[];
    readonly properties?: Readonly<Record<string, { readonly const?: unknown }>>;
  };
  readonly then?: { readonly required?: readonly string[] };
}

/** Whether `value` meets an `if` made of present fields and constant values (JSON Schema's reading). */
function conditionHolds(condition: NonNullable<RequiredRules['if']>, value: Readonly<Record<string, unknown>>): boolean {
  const present = (condition.required ?? []).every((field) => value[field] !== undefined);
  // A property's rule only applies when the property is there.
  const constants = Object.entries(condition.properties ?? {}).every(
    ([field, rule]) => !('const' in rule) || value[field] === undefined || value[field] === rule.const,
  );
  return present && constants;
}

/**
 * The fields `schema` requires of `value`: its `required` list, plus its `then` list when its
 * `if` holds (a tripartite contract's third party). Forms mark exactly these, read from the
 * schema that refuses them empty, so the mark cannot drift from the rule.
 */
export function requiredFields(schema: RequiredRules, value: Readonly<Record<string, unknown>> = {}): ReadonlySet<string> {
  const fields = [...(schema.required ?? [])];
  if (schema.if && schema.then && conditionHolds(schema.if, value)) fields.push(...(schema.then.required ?? []));
  return new Set(fields);
}
