// @vitest-environment happy-dom
// The charge form as a user meets it: what it refuses before sending (in the user's language),
// the body it sends (the language's decimals, ISO dates, the page's country), what it offers
// (MXN only in Mexico, only the settlement inputs the basis feeds, the unit following the
// basis), and the server's refusals placed where the user can act on them.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Charge } from '../../schemas/country-charge.schema';
import { storedCharge } from './charge-fixture';
import { ApiError } from '../../src/lib/api/api-error';
import { ChargeForm, type ChargeFormEffects } from '../../src/features/countries/charge-form';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { field, messageBeside, type } from '../app/helpers/form-fields';
import { renderWithApp } from '../app/helpers/render-with-app';

const STORED = storedCharge({ vigente_hasta: '2026-06-30', referencia_legal: 'Pliego tarifario ETESA', version: 3 });

function renderForm({ paisId = 6, charge, create = vi.fn(), update = vi.fn() }: { paisId?: 6 | 2 | 7; charge?: Charge; create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> } = {}) {
  const onSaved = vi.fn();
  const effects = { create, update } as unknown as ChargeFormEffects;
  renderWithApp(<ChargeForm paisId={paisId} charge={charge} effects={effects} onSaved={onSaved} onLeft={vi.fn()} />, '/pais/panama/6/nuevo');
  return { create, update, onSaved };
}

function refusal(statusCode: number, code: string, details: unknown[]) {
  return new ApiError('clientError', `Request failed with status code ${statusCode}`, { statusCode, body: { statusCode, code, message: code, details } as never });
}

const WORDS = {
  'es-ES': {
    labels: { codigo: 'Código', nombre: 'Nombre', base: 'Base', tasa: 'Tarifa', unidad: 'Unidad', moneda: 'Moneda', desde: 'Vigente desde', hasta: 'Vigente hasta', pagador: 'Pagador', concepto: 'Concepto de liquidación' },
    create: 'Crear periodo',
    save: 'Guardar',
    rate: '3,5',
    codePattern: 'Usa mayúsculas, cifras y _, empezando por una letra (p. ej. PA_SPT).',
    markup: 'No puede contener < ni >.',
    percentMax: 'Un porcentaje no puede superar 100.',
    endBeforeStart: 'La fecha final debe ser igual o posterior a la inicial.',
    required: 'Este campo es obligatorio.',
    notADay: 'Vigente hasta: 31/02/2026 no es una fecha real (ese día no existe en el calendario).',
    overlap: 'Se solapa con el periodo de PA_SPT del 01/07/2025 al 30/06/2026.',
    overlapOpen: 'Se solapa con el periodo de PA_SPT abierto desde el 01/07/2025: ponle fecha final antes.',
    usedByValidated: 'La liquidación validada de GEIS-026 de 09/2026 (DF) usó esta tarifa: cierra el periodo (no antes del 30/09/2026) y abre uno nuevo.',
    updateFailed: 'No se pudo guardar el periodo.',
    none: 'Ninguno: solo se muestra y se reporta',
  },
  'en-US': {
    labels: { codigo: 'Code', nombre: 'Name', base: 'Basis', tasa: 'Rate', unidad: 'Unit', moneda: 'Currency', desde: 'Valid from', hasta: 'Valid to', pagador: 'Payer', concepto: 'Settlement input' },
    create: 'Create period',
    save: 'Save',
    rate: '3.5',
    codePattern: 'Use capital letters, digits and _, starting with a letter (e.g. PA_SPT).',
    markup: 'It cannot contain < or >.',
    percentMax: 'A percentage cannot be over 100.',
    endBeforeStart: 'The end date must be on or after the start date.',
    required: 'This field is required.',
    notADay: 'Valid to: 31/02/2026 is not a real date (no such day in the calendar).',
    overlap: 'It overlaps the period of PA_SPT from 01/07/2025 to 30/06/2026.',
    overlapOpen: 'It overlaps the open period of PA_SPT from 01/07/2025: give that one an end date first.',
    usedByValidated: 'The validated settlement of GEIS-026 for 09/2026 (DF) used this rate: close the period (not before 30/09/2026) and open a new one.',
    updateFailed: 'The period could not be saved.',
    none: 'None: shown and reported only',
  },
} as const;

afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe.each(Object.entries(WORDS))('the charge form (%s)', (locale, words) => {
  const L = words.labels;
  const useLocale = () => act(() => setLocale(locale as Locale));

  /** A valid new Panama period, typed as a user would. */
  function fillValid() {
    type(L.codigo, 'PA_SPT');
    type(L.nombre, 'Peaje SPT');
    type(L.base, 'kw_mes');
    type(L.tasa, words.rate);
    type(L.pagador, 'comprador');
    type(L.desde, '01/07/2026');
  }

  it('refuses what it cannot send, each message beside its field, and sends nothing', async () => {
    useLocale();
    const { create } = renderForm();
    type(L.codigo, 'peaje spt');
    type(L.nombre, '<b>Peaje</b>');
    type(L.base, 'porcentaje');
    type(L.tasa, '150');
    type(L.desde, '01/07/2026');
    type(L.hasta, '31/02/2026');
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(messageBeside(L.codigo)).toBe(words.codePattern));
    expect(messageBeside(L.nombre)).toBe(words.markup);
    expect(messageBeside(L.tasa)).toBe(words.percentMax);
    expect(messageBeside(L.hasta)).toBe(words.notADay);
    expect(messageBeside(L.pagador)).toBe(words.required);
    type(L.hasta, '30/06/2026');
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(messageBeside(L.hasta)).toBe(words.endBeforeStart));
    expect(create).not.toHaveBeenCalled();
  });

  it("sends the page's country, the rate as a decimal and ISO dates; no end and no input are left out", async () => {
    useLocale();
    const create = vi.fn(async () => STORED);
    const { onSaved } = renderForm({ create });
    fillValid();
    // The unit follows the basis and the currency while the user has not written one.
    expect(field(L.unidad).value).toBe('USD/kW-mes');
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(STORED));
    expect(create).toHaveBeenCalledWith({
      pais_id: 6,
      codigo: 'PA_SPT',
      nombre: 'Peaje SPT',
      base: 'kw_mes',
      unidad: 'USD/kW-mes',
      moneda: 'USD',
      tasa: '3.5',
      vigente_desde: '2026-07-01',
      pagador: 'comprador',
      gravado: false,
    });
  });

  it('offers MXN only in Mexico, and only the settlement inputs the basis feeds', () => {
    useLocale();
    renderForm();
    const currencies = () => within(field(L.moneda) as unknown as HTMLElement).getAllByRole('option').map((option) => option.textContent);
    expect(currencies()).toEqual(['USD']);
    type(L.base, 'mwh_retirado');
    const inputs = within(field(L.concepto) as unknown as HTMLElement).getAllByRole('option').map((option) => option.textContent);
    expect(inputs).toEqual([words.none, locale === 'es-ES' ? 'Cargos MMr' : 'MMr charges']);
    cleanup();
    renderForm({ paisId: 7 });
    expect(currencies()).toEqual(['USD', 'MXN']);
    type(L.base, 'mwh_inyectado');
    type(L.moneda, 'MXN');
    expect(field(L.unidad).value).toBe('MXN/MWh');
    // A unit of the user's own is kept.
    type(L.unidad, 'MXN/MWh neto');
    type(L.base, 'mwh_ambos');
    expect(field(L.unidad).value).toBe('MXN/MWh neto');
  });

  it("shows the server's overlap beside the start, naming the other period in the page's dates", async () => {
    useLocale();
    const create = vi
      .fn()
      .mockRejectedValueOnce(refusal(409, 'APP_ERR_CHARGE_PERIOD_OVERLAP', [{ instancePath: '/vigente_desde', keyword: 'chargeOverlap', params: { code: 'PA_SPT', id: 41, from: '2025-07-01', to: '2026-06-30' } }]))
      .mockRejectedValueOnce(refusal(409, 'APP_ERR_CHARGE_PERIOD_OVERLAP', [{ instancePath: '/vigente_desde', keyword: 'chargeOverlap', params: { code: 'PA_SPT', id: 41, from: '2025-07-01', to: null } }]));
    renderForm({ create });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(messageBeside(L.desde)).toBe(words.overlap));
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(messageBeside(L.desde)).toBe(words.overlapOpen));
  });

  it('edits a period: every field and the version read, an emptied end cleared; a validated settlement that used it is named in the banner', async () => {
    useLocale();
    const update = vi.fn(async () => {
      throw refusal(409, 'APP_ERR_CHARGE_USED_BY_VALIDATED', [
        { instancePath: '', keyword: 'chargeUsedByValidated', params: { settlement: 10, contract: 'GEIS-026', year: 2026, month: 9, version: 'DF', lastDay: '2026-09-30' } },
      ]);
    });
    renderForm({ charge: STORED, update });
    expect(field(L.tasa).value).toBe(locale === 'es-ES' ? '3,472' : '3.472');
    expect(field(L.desde).value).toBe('01/07/2025');
    type(L.tasa, locale === 'es-ES' ? '3,9' : '3.9');
    type(L.hasta, '');
    fireEvent.click(screen.getByRole('button', { name: words.save }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(words.updateFailed)).toBeTruthy();
    expect(within(alert).getByText(words.usedByValidated)).toBeTruthy();
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ id: 41, version: 3, tasa: '3.9', vigente_desde: '2025-07-01', vigente_hasta: null, concepto_liquidacion: 'MMr', gravado: false }),
    );
  });
});
