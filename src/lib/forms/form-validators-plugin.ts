import { _, Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { calendarDateFormat } from '../../../schemas/date.schema';
import { FORM_SCHEMAS, type FormSchemaName } from './form-schemas';

/**
 * A Vite plugin serving `virtual:form-validator/<name>`: one form schema of `FORM_SCHEMAS`
 * compiled by ajv into standalone JavaScript (its default export). The browser cannot
 * compile schemas itself because the product's Content-Security-Policy forbids
 * `eval`/`new Function` (script-src 'self'), which ajv's run-time compiler needs. One module
 * per schema, so a page loads only the validators of its own forms. Built from the schema
 * objects on every build, so it cannot go stale.
 */

const PREFIX = 'virtual:form-validator/';
const RESOLVED_PREFIX = `\0${PREFIX}`;

// The one ajv run-time helper our schemas use (minLength counts code points); inlined because
// the generated code names it with a CommonJS `require`.
const UCS2_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const UCS2_INLINE = `(function ucs2length(str){let length=0;for(const _ of str)length++;return length;})`;

// The formats (a calendar `date`) are the product's own, the ones the server validates with
// (schemas/date.schema.ts): the generated code reads them from this name, imported at its top.
// Spelt out in the `formats` code below too: ajv's `_` would quote an interpolated name.
const FORMATS_NAME = 'ajvFormats';
const FORMATS_MODULE = fileURLToPath(new URL('../../../schemas/date.schema.ts', import.meta.url));
const FORMATS_IMPORT = `import { WIRE_FORMATS as ${FORMATS_NAME} } from ${JSON.stringify(FORMATS_MODULE)};\n`;

function isFormSchemaName(name: string): name is FormSchemaName {
  return Object.hasOwn(FORM_SCHEMAS, name);
}

/** The module source of one form schema's validator: its default export. */
export function formValidatorSource(name: FormSchemaName): string {
  // allErrors: a form shows every broken field at once, not only the first.
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true, formats: _`ajvFormats` } });
  addFormats(ajv);
  ajv.addFormat('date', calendarDateFormat);
  // A schema's own $id would collide with the server's registration; the module is its name.
  const { $id: _id, ...withoutId } = FORM_SCHEMAS[name] as Record<string, unknown>;
  const generate = (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  const code = generate(ajv, ajv.compile(withoutId)).replaceAll(UCS2_REQUIRE, UCS2_INLINE);
  if (code.includes('require(')) {
    throw new Error(`${PREFIX}${name}: the schema needs an ajv run-time module the plugin does not inline`);
  }
  return code.includes(FORMATS_NAME) ? FORMATS_IMPORT + code : code;
}

export function formValidators(): Plugin {
  return {
    name: 'form-validators',
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      if (!isFormSchemaName(name)) this.error(`${id}: no form schema '${name}' in FORM_SCHEMAS (${Object.keys(FORM_SCHEMAS).join(', ')})`);
      return `${RESOLVED_PREFIX}${name}`;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      return formValidatorSource(id.slice(RESOLVED_PREFIX.length) as FormSchemaName);
    },
  };
}
