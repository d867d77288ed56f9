import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { FORM_SCHEMAS } from './form-schemas';

/**
 * A Vite plugin serving `virtual:form-validators`: the form schemas compiled by ajv into
 * standalone JavaScript. The browser cannot compile schemas itself because the product's
 * Content-Security-Policy forbids `eval`/`new Function` (script-src 'self'), which ajv's
 * run-time compiler needs. Built from the schema objects on every build, so it cannot go stale.
 */

const MODULE_ID = 'virtual:form-validators';
const RESOLVED_ID = `\0${MODULE_ID}`;

// The one ajv run-time helper our schemas use (minLength counts code points); inlined because
// the generated code names it with a CommonJS `require`.
const UCS2_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const UCS2_INLINE = `(function ucs2length(str){let length=0;for(const _ of str)length++;return length;})`;

/** The module source: one named export per form schema, plus `validators` by name. */
export function formValidatorsSource(): string {
  // allErrors: a form shows every broken field at once, not only the first.
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true } });
  const names = Object.keys(FORM_SCHEMAS);
  for (const [name, schema] of Object.entries(FORM_SCHEMAS)) {
    // The key is the name; a schema's own $id would collide with the server's registration.
    const { $id: _id, ...withoutId } = schema as Record<string, unknown>;
    ajv.addSchema(withoutId, name);
  }
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const code = generate(ajv, Object.fromEntries(names.map((name) => [name, name]))).replaceAll(UCS2_REQUIRE, UCS2_INLINE);
  if (code.includes('require(')) {
    throw new Error(`${MODULE_ID}: a form schema needs an ajv run-time module the plugin does not inline`);
  }
  return `${code}\nexport const validators = { ${names.join(', ')} };\n`;
}

export function formValidators(): Plugin {
  return {
    name: 'form-validators',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      return id === RESOLVED_ID ? formValidatorsSource() : null;
    },
  };
}
