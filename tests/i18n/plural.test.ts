// @vitest-environment node
import { describe, expect, it } from 'vitest';
import esES from '../../i18n/es-ES.json';
import enUS from '../../i18n/en-US.json';
import { isPluralForms } from '../../i18n/plural';
import { translate } from '../../src/lib/i18n/i18n';

/** Every set of plural forms in a catalogue, by dotted key. */
function pluralEntries(node: unknown, prefix = ''): Array<[string, Record<string, string>]> {
  if (isPluralForms(node)) return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => pluralEntries(value, prefix ? `${prefix}.${key}` : key));
}

describe('counted texts', () => {
  it('read in the singular for one and in the plural otherwise, in both languages', () => {
    expect(translate('contracts.months', { count: 1 }, 'es-ES')).toBe('1 mes');
    expect(translate('contracts.months', { count: 12 }, 'es-ES')).toBe('12 meses');
    expect(translate('contracts.months', { count: 1 }, 'en-US')).toBe('1 month');
    expect(translate('contracts.months', { count: 0 }, 'en-US')).toBe('0 months');
    expect(translate('settlements.create.missingCount', { count: 1 }, 'es-ES')).toBe('Falta 1 elemento.');
    expect(translate('settlements.create.missingCount', { count: 1 }, 'en-US')).toBe('1 item is missing.');
    expect(translate('settlementReport.total', { count: 1 }, 'es-ES')).toBe('Total (1 contrato)');
    expect(translate('invoicing.list.requestText', { count: 1 }, 'es-ES')).toMatch(/^Vas a solicitar 1 factura\. Una vez solicitada queda bloqueada/);
    expect(translate('invoicing.list.requestText', { count: 2 }, 'en-US')).toMatch(/^You are about to request 2 invoices\./);
    expect(translate('jobs.events.agotado', { count: 1 }, 'es-ES')).toBe('Ha fallado: el proceso que lo ejecutaba cayó 1 vez.');
    expect(translate('contracts.deleteInUse', { count: 1 }, 'es-ES')).toBe('Este contrato tiene 1 anexo. Elimina primero el anexo y después el contrato.');
    expect(translate('contracts.deleteInUse', { count: 3 }, 'en-US')).toBe('This contract has 3 annexes. Delete its annexes first, then the contract.');
  });

  it('write the count in the language notation', () => {
    expect(translate('contracts.months', { count: 1250 }, 'es-ES')).toBe('1.250 meses');
    expect(translate('contracts.months', { count: 1250 }, 'en-US')).toBe('1,250 months');
  });

  it('fall back to the general form for a category the catalogue does not write (Spanish "many")', () => {
    expect(translate('contracts.months', { count: 1_000_000 }, 'es-ES')).toBe('1.000.000 meses');
  });

  it('read in the general form when a stored line has no count', () => {
    expect(translate('annexes.refresh.log.start', { total: 3 }, 'es-ES')).toMatch(/liquidaciones preliminares por recalcular/);
  });

  it('give every counted text a singular and a general form in both languages', () => {
    const spanish = pluralEntries(esES);
    const english = new Map(pluralEntries(enUS));
    expect(spanish.length).toBeGreaterThan(5);
    for (const [key, forms] of spanish) {
      expect(Object.keys(forms).sort(), key).toEqual(['one', 'other']);
      expect(Object.keys(english.get(key) ?? {}).sort(), key).toEqual(['one', 'other']);
    }
  });
});
