// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { preSettlementSchema, type PreSettlementResult } from '../../schemas/settlement.schema';
import { PreSettlementForm, type PreSettlementEffects } from '../../src/features/settlements/pre-settlement-form';
import { ApiError } from '../../src/lib/api/api-error';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { field, messageBeside } from '../app/helpers/form-fields';
import { invalidRequest } from '../app/helpers/invalid-request';
import { pick } from '../app/helpers/pick';
import { labelsOf, markedLabels } from '../app/helpers/required-marks';
import { renderWithApp } from '../app/helpers/render-with-app';
import { contract, ME, settlementDetail } from './settlement-fixtures';

const CATALOGUES = { 'es-ES': esES, 'en-US': enUS as unknown as typeof esES };
const CONTRACTS = [contract(3, 'CP-0003'), contract(4, 'CP-0004')];

function renderForm(effects: Partial<PreSettlementEffects> = {}) {
  const check = effects.check ?? vi.fn();
  const compute = effects.compute ?? vi.fn();
  const onComputed = vi.fn();
  const onLeft = vi.fn();
  // The leave guard reads the browser's address: a link followed in an earlier test moved it.
  window.history.replaceState(null, '', '/liquidaciones/nueva');
  renderWithApp(
    <>
      <a href="/liquidaciones">{'Liquidaciones'}</a>
      <PreSettlementForm contracts={CONTRACTS} effects={{ check, compute }} userId={ME.id} onComputed={onComputed} onLeft={onLeft} />
    </>,
    '/liquidaciones/nueva',
  );
  return { check, compute, onComputed, onLeft };
}

/** Contract 3, June 2026, the preliminary version, rows by day. */
async function fillForm(fields: typeof esES.settlements.create.fields) {
  await pick(fields.contrato_id, 'Generadora 3', /Generadora 3/);
  fireEvent.change(field(fields.mes), { target: { value: '6' } });
  fireEvent.change(field(fields.anio), { target: { value: '2026' } });
  fireEvent.change(field(fields.agregacion), { target: { value: 'dia' } });
}

function submit(catalogue: typeof esES) {
  fireEvent.click(screen.getByRole('button', { name: catalogue.settlements.create.check }));
}

afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe('the pre-settlement form', () => {
  it('lets the user leave or reload it untouched without asking', () => {
    const { onLeft } = renderForm();
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Liquidaciones' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onLeft).not.toHaveBeenCalled();
  });

  it.each(Object.entries(CATALOGUES))('asks before a changed form is reloaded or left by a link, and leaves only when told (%s)', async (locale, catalogue) => {
    act(() => setLocale(locale as Locale));
    const { onLeft } = renderForm();
    const fields = catalogue.settlements.create.fields;
    fireEvent.change(field(fields.anio), { target: { value: '2025' } });

    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Liquidaciones' }));
    await screen.findByText(catalogue.forms.discard.title);
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: catalogue.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(field(fields.anio).value).toBe('2025');
    expect(onLeft).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Liquidaciones' }));
    await screen.findByText(catalogue.forms.discard.title);
    const again = screen.getByRole('alertdialog');
    fireEvent.click(within(again).getByRole('button', { name: catalogue.forms.discard.confirm }));
    expect(onLeft).toHaveBeenCalledWith('/liquidaciones');
  });

  it.each(Object.entries(CATALOGUES))('marks every field the schema requires and refuses a missing month beside it, asking nothing (%s)', async (locale, catalogue) => {
    act(() => setLocale(locale as Locale));
    const { check } = renderForm();
    const fields = catalogue.settlements.create.fields;
    expect(markedLabels()).toEqual(labelsOf(preSettlementSchema.required, (name) => fields[name as keyof typeof fields]));
    await pick(fields.contrato_id, 'Generadora 3', /Generadora 3/);
    submit(catalogue);
    await waitFor(() => expect(messageBeside(fields.mes)).toBe(catalogue.forms.errors.required));
    expect(messageBeside(fields.codigo_contraparte)).toBe('');
    expect(check).not.toHaveBeenCalled();
  });

  it('fills the codes in from the chosen contract, and sends what the user typed over them', async () => {
    const check = vi.fn().mockResolvedValue({ disponible: true, faltantes: [], total_faltantes: 0 });
    renderForm({ check });
    const fields = esES.settlements.create.fields;
    await fillForm(fields);
    expect(field(fields.codigo_contraparte).value).toBe('CP-0003');
    expect(field(fields.codigo_agente).value).toBe('EPWM-GT');
    fireEvent.change(field(fields.codigo_agente), { target: { value: ' EPWM-GT2 ' } });
    submit(esES);
    await waitFor(() =>
      expect(check).toHaveBeenCalledWith({ contrato_id: 3, codigo_contraparte: 'CP-0003', codigo_agente: 'EPWM-GT2', mes: 6, anio: 2026, version: 'PE', agregacion: 'dia' }),
    );
  });

  it("shows the server's refusal of a code that is not the contract's beside that field", async () => {
    const refusal = invalidRequest([{ instancePath: '/codigo_contraparte', keyword: 'contractCode', message: "codigo_contraparte is not the contract's" }]);
    renderForm({ check: vi.fn().mockRejectedValue(refusal) });
    const fields = esES.settlements.create.fields;
    await fillForm(fields);
    fireEvent.change(field(fields.codigo_contraparte), { target: { value: 'OTRO-1' } });
    submit(esES);
    await waitFor(() => expect(messageBeside(fields.codigo_contraparte)).toBe('Código de contraparte: no es el del contrato elegido.'));
    expect(messageBeside(fields.codigo_agente)).toBe('');
  });

  it.each(Object.entries(CATALOGUES))('says the data is not available, lists what is missing and how much, and links to the market data (%s)', async (locale, catalogue) => {
    act(() => setLocale(locale as Locale));
    const result: PreSettlementResult = {
      disponible: false,
      faltantes: [
        { tipo: 'energia', clave: '7', fecha: '2026-06-01', periodos: [1, 2, 3, 4, 9, 24] },
        { tipo: 'tipo_cambio', clave: 'MXN', fecha: '2026-06-02', periodos: null },
      ],
      total_faltantes: 250,
    };
    const { compute } = renderForm({ check: vi.fn().mockResolvedValue(result) });
    await fillForm(catalogue.settlements.create.fields);
    submit(catalogue);
    const status = await screen.findByRole('status');
    expect(within(status).getByText(catalogue.settlements.create.unavailable)).toBeTruthy();
    expect(status.textContent).toContain(locale === 'es-ES' ? 'Se muestran los primeros 2 de 250 elementos que faltan.' : 'Showing the first 2 of 250 missing items.');
    const link = within(status).getByRole('link', { name: catalogue.settlements.create.loadData });
    expect(link.getAttribute('href')).toBe('/liquidaciones/datos-mercado?anio=2026&mes=6');
    const missing = screen.getByRole('region', { name: catalogue.settlements.create.missingTitle });
    await waitFor(() => expect(within(missing).getByText('1–4, 9, 24')).toBeTruthy());
    expect(within(missing).getByText(catalogue.settlements.create.missing.allDay)).toBeTruthy();
    expect(within(missing).getByText(catalogue.settlements.create.missing.kinds.tipo_cambio)).toBeTruthy();
    expect(screen.queryByRole('button', { name: catalogue.settlements.create.compute })).toBeNull();
    expect(compute).not.toHaveBeenCalled();
  });

  it('computes once the data is available and opens the settlement at the chosen timeframe; a change drops the answer', async () => {
    const computed = settlementDetail();
    const compute = vi.fn().mockResolvedValue(computed);
    const { onComputed } = renderForm({ check: vi.fn().mockResolvedValue({ disponible: true, faltantes: [], total_faltantes: 0 }), compute });
    const fields = esES.settlements.create.fields;
    await fillForm(fields);
    submit(esES);
    expect(await screen.findByText(esES.settlements.create.available)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: esES.settlements.create.compute }));
    await waitFor(() => expect(onComputed).toHaveBeenCalledWith(computed, 'dia'));
    expect(compute).toHaveBeenCalledWith({ contrato_id: 3, anio: 2026, mes: 6, version: 'PE' });

    fireEvent.change(field(fields.mes), { target: { value: '7' } });
    expect(screen.queryByText(esES.settlements.create.available)).toBeNull();
    expect(screen.queryByRole('button', { name: esES.settlements.create.compute })).toBeNull();
  });

  it("shows the server's refusal to compute (the data went missing meanwhile) translated", async () => {
    const refusal = new ApiError('clientError', 'Request failed with status code 409', {
      statusCode: 409,
      body: { statusCode: 409, code: 'APP_ERR_SETTLEMENT_DATA_UNAVAILABLE', message: 'missing' },
    });
    act(() => setLocale('en-US'));
    const { onComputed } = renderForm({ check: vi.fn().mockResolvedValue({ disponible: true, faltantes: [], total_faltantes: 0 }), compute: vi.fn().mockRejectedValue(refusal) });
    await fillForm(enUS.settlements.create.fields as typeof esES.settlements.create.fields);
    submit(enUS as unknown as typeof esES);
    fireEvent.click(await screen.findByRole('button', { name: enUS.settlements.create.compute }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(enUS.settlements.create.computeFailed);
    expect(alert.textContent).toContain(enUS.errors.APP_ERR_SETTLEMENT_DATA_UNAVAILABLE);
    expect(onComputed).not.toHaveBeenCalled();
  });
});
