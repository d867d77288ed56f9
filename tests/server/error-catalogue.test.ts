// @vitest-environment node
import { describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { AppErrors, ERROR_CATALOGUE, errorForCode } from '../../server/errors/catalogue';

const translations = { 'es-ES': esES, 'en-US': enUS } as const;

describe('the error catalogue', () => {
  it('uses APP_ERR_<AREA>_<REASON> codes, each once, with an HTTP error status', () => {
    const codes = ERROR_CATALOGUE.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const entry of ERROR_CATALOGUE) {
      expect(entry.code).toMatch(/^APP_ERR_[A-Z0-9]+_[A-Z0-9_]+$/);
      expect(entry.statusCode).toBeGreaterThanOrEqual(400);
      expect(entry.statusCode).toBeLessThan(600);
    }
    expect(codes).toEqual(expect.arrayContaining(['APP_ERR_AUTH_UNAUTHENTICATED', 'APP_ERR_AUTH_FORBIDDEN']));
  });

  it.each(Object.entries(translations))('has a non-empty errors.<CODE> text in %s for every code', (_locale, messages) => {
    const errors = (messages as { errors?: Record<string, unknown> }).errors ?? {};
    for (const { code } of ERROR_CATALOGUE) {
      expect(typeof errors[code], `errors.${code}`).toBe('string');
      expect(String(errors[code]).trim(), `errors.${code}`).not.toBe('');
    }
  });

  it('builds errors that carry their code and status', () => {
    const error = new AppErrors.authForbidden();
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 'APP_ERR_AUTH_FORBIDDEN', statusCode: 403 });
  });

  it('gives the error of a code, and refuses a code it does not hold', () => {
    for (const { code, statusCode } of ERROR_CATALOGUE) expect(errorForCode(code)).toMatchObject({ code, statusCode });
    expect(() => errorForCode('APP_ERR_NO_SUCH_THING')).toThrow(/not in the error catalogue/);
  });
});
