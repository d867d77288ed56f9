// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fieldOfIssue, toFieldErrors } from '../../src/lib/forms/field-errors';
import passwordSchema from 'virtual:form-validator/password';
import userCreateSchema from 'virtual:form-validator/userCreate';
import annexCreateSchema from 'virtual:form-validator/annexCreate';
import { FORM_SCHEMAS, type FormSchemaName } from '../../src/lib/forms/form-schemas';
import { formValidatorSource } from '../../src/lib/forms/form-validators-plugin';
import { validateForm } from '../../src/lib/forms/validate-form';

describe('schema form validation', () => {
  it('checks a form with the server schema and names the broken fields', () => {
    const errors = validateForm(userCreateSchema, { nombre: 'Ana', email: 'ana@', rol_id: 0, password: 'Secreta1!' }, {
      email: { '*': 'admin.users.errors.email' },
    });
    expect(errors.email).toEqual({ key: 'admin.users.errors.email' });
    expect(errors.primer_apellido).toEqual({ key: 'forms.errors.required' });
    expect(errors.rol_id).toEqual({ key: 'forms.errors.minimum', params: { limit: 1 } });
    expect(errors.password).toBeUndefined();
    expect(errors.nombre).toBeUndefined();
  });

  it('counts a password by code points, as the server does', () => {
    expect(validateForm(passwordSchema, 'Aa1!😀😀😀😀')).toEqual({});
    expect(validateForm(passwordSchema, 'Aa1!😀😀😀')['']).toEqual({ key: 'forms.errors.minLength', params: { limit: 8 } });
  });

  it('takes a date for a calendar day from year 1 on, as the server does', () => {
    const dateError = (fecha_inicio: string) => validateForm(annexCreateSchema, { fecha_inicio }).fecha_inicio;
    expect(dateError('2024-02-29')).toBeUndefined();
    expect(dateError('2025-02-29')).toEqual({ key: 'forms.errors.date' });
    expect(dateError('0000-01-01')).toEqual({ key: 'forms.errors.date' });
  });

  it('reads the field of a server detail, including a missing property from its message', () => {
    expect(fieldOfIssue({ instancePath: '', keyword: 'required', message: "must have required property 'telefono'" })).toBe('telefono');
    expect(fieldOfIssue({ instancePath: '/permisos_x_view/2', keyword: 'enum' })).toBe('permisos_x_view');
    expect(toFieldErrors([{ instancePath: '/rol_id', keyword: 'country', message: 'x' }])).toEqual({
      rol_id: { key: 'forms.errors.country' },
    });
    expect(toFieldErrors([{ instancePath: '/cargo', keyword: 'somethingNew', message: 'x' }])).toEqual({
      cargo: { key: 'forms.errors.invalid' },
    });
  });

  it('compiles each form schema to a module of its own that the browser can run under a CSP without eval (no require left)', () => {
    for (const name of Object.keys(FORM_SCHEMAS) as FormSchemaName[]) {
      const source = formValidatorSource(name);
      expect(source, name).not.toContain('require(');
      expect(source, name).toMatch(/export default validate\d*;/);
    }
  });
});
