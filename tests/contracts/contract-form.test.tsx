// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import type { CompanyListItem } from '../../schemas/company.schema';
import { CONTRACT_FIELD_MESSAGES, contractCreateSchema, type Contract } from '../../schemas/contract.schema';
import { ContractForm, type ContractFormEffects } from '../../src/features/contracts/contract-form';
import { ApiError } from '../../src/lib/api/api-error';
import { setLocale } from '../../src/lib/i18n/i18n';
import { addCode, field, messageBeside, type, typeAll } from '../app/helpers/form-fields';
import { pick } from '../app/helpers/pick';
import { renderWithApp } from '../app/helpers/render-with-app';
import { labelsOf, markedLabels } from '../app/helpers/required-marks';

const company: CompanyListItem = {
  id: 7,
  razon_social: 'Energía del Pacífico S.A.',
  codigo_agente: 'EDP01',
  pais: 'GT',
  nit: '1234567-8',
  representante_legal: 'Ana Ruiz',
  direccion_legal: 'Zona 10',
  tipo_identificacion: 'dpi',
  identificacion_representante: '2500 11111 0101',
  tipo_contrato: 'regional',
  relacion_comercial: 'Cliente',
  codigo_cenace_importacion: null,
  codigo_cenace_exportacion: null,
  version: 1,
  created_at: '',
  updated_at: '',
  contactos_count: 1,
  coordenadas_count: 1,
};

const FILE_KEY = 'f_0b7a1f9e-3c1d-4e5f-8a9b-0c1d2e3f4a5b';

function renderForm(effects: Partial<Record<keyof ContractFormEffects, ReturnType<typeof vi.fn>>> = {}) {
  const all = { create: effects.create ?? vi.fn(), update: effects.update ?? vi.fn(), upload: effects.upload ?? vi.fn() };
  const onSaved = vi.fn();
  const onLeft = vi.fn();
  renderWithApp(
    <ContractForm companies={[company]} effects={all as unknown as ContractFormEffects} onSaved={onSaved} onLeft={onLeft} />,
    '/contratos/nuevo',
  );
  return { effects: all, onSaved, onLeft };
}

/** Ticks a Chakra checkbox; it reports the change a task later. */
async function tick(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('checkbox', { name }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

type Catalogue = typeof enUS;

/** The two languages of the screen, each with its catalogue. */
const LANGUAGES = [
  ['en-US', enUS],
  ['es-ES', esES as unknown as Catalogue],
] as const;

/** An upload effect that stores the signed PDF. */
const storingUpload = () =>
  vi.fn().mockResolvedValue({ key: FILE_KEY, nombre: 'firmado.pdf', tipo_mime: 'application/pdf', tamano: 8, sha256: 'a'.repeat(64), tipo: 5 });

/** Every spec section 5 message of contract creation in one language. */
function specMessages(catalogue: Catalogue): string[] {
  const messages = catalogue.contractMessages as Record<string, string>;
  return Object.keys(CONTRACT_FIELD_MESSAGES).map((name) => messages[name]!);
}

describe('contract form', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  it.each(LANGUAGES)('an empty submit shows every spec message beside its field in %s, and sends nothing', async (locale, catalogue) => {
    act(() => setLocale(locale));
    const { effects } = renderForm();
    // The third party's name and code are asked for on tripartite contracts.
    await tick(catalogue.contracts.fields.tripartito);
    fireEvent.click(screen.getByRole('button', { name: catalogue.contracts.create }));
    const expected = specMessages(catalogue);
    expect(expected).toHaveLength(25);
    await waitFor(() => expect(screen.getByText(expected[0]!)).toBeTruthy());
    for (const message of expected) expect(screen.getAllByText(message).length, message).toBeGreaterThan(0);
    expect(effects.create).not.toHaveBeenCalled();
  });

  // The spec lists these rules in English but leaves four field names in Spanish (Margen EPWM,
  // Precio Fijo, Energia, Potencia); an English screen names them in English.
  it('words the spec messages in English, its Spanish field names translated', () => {
    expect(specMessages(enUS)).toEqual([
      'Select a valid EPWM Branch',
      'Input Company Name',
      'Input Third Party Company Name',
      'Input Start Date (dd/mm/yyyy)',
      'Input Term',
      'Select a valid Contract Type',
      'Input Counterpart Code',
      'Input Third Party Code',
      'Input EPWM Code',
      'Select a valid Transaction Type',
      'Select a valid Guarantee Type',
      'Input Amount',
      'Input PMi',
      'Input PMr',
      'Select a valid Invoice Type',
      'Input Invoice Days',
      'Input Credit Days',
      'Select Incoterm',
      'Must upload a File',
      'Input POC',
      'Input EPWM Margin',
      'Input Fee',
      'Input Fixed Price',
      'Input Energy',
      'Input Power',
    ]);
  });

  it('marks every field the contract schema requires, and no other, the tripartite ones once ticked', async () => {
    const label = (name: string) => (esES.contracts.fields as Record<string, string>)[name]!;
    renderForm();
    expect(markedLabels()).toEqual(labelsOf(contractCreateSchema.required, label));
    await tick(esES.contracts.fields.tripartito);
    expect(markedLabels()).toEqual(labelsOf([...contractCreateSchema.required, ...contractCreateSchema.then.required], label));
    expect(markedLabels()).toEqual(expect.arrayContaining([label('local_regional'), label('clase_contrato')]));
  });

  const BROKEN_RULES = {
    'en-US': {
      margen: 'EPWM margin (%): enter a number from 0 to 100, with at most 4 decimals.',
      fee: 'Fee ($/MWh): enter a number from 0 to 99,999,999.9999, with at most 4 decimals.',
      potencia: 'Power (MW): enter a number greater than 0 and at most 999,999,999.999, with at most 3 decimals.',
      monto_garantia: 'Guarantee amount: enter a number from 0 to 999,999,999,999.99, with at most 2 decimals.',
      dias_factura: 'Invoice days: the value must be at most 365.',
      dias_credito: 'Credit days: the value must be at least 0.',
      fecha_inicio: 'Start date: 31/02/2025 is not a real date (no such day in the calendar).',
      codigo_agente: 'EPWM code: must have at most 40 characters.',
      pmi: 'PMi (injection points): "-5" is not a node code and was not added. A code starts with a letter or a digit and holds only letters, digits, \'-\', \'_\' or \'.\' (up to 40 characters).',
    },
    'es-ES': {
      margen: 'Margen EPWM (%): escribe un número entre 0 y 100, con 4 decimales como máximo.',
      fee: 'Fee ($/MWh): escribe un número entre 0 y 99.999.999,9999, con 4 decimales como máximo.',
      potencia: 'Potencia (MW): escribe un número mayor que 0 y no mayor que 999.999.999,999, con 3 decimales como máximo.',
      monto_garantia: 'Monto de la garantía: escribe un número entre 0 y 999.999.999.999,99, con 2 decimales como máximo.',
      dias_factura: 'Días de facturación: el valor debe ser como máximo 365.',
      dias_credito: 'Días de crédito: el valor debe ser al menos 0.',
      fecha_inicio: 'Fecha de inicio: 31/02/2025 no es una fecha real (ese día no existe en el calendario).',
      codigo_agente: 'Código EPWM: escribe como máximo 40 caracteres.',
      pmi: 'PMi (puntos de inyección): «-5» no es un código de nodo y no se ha añadido. Un código empieza por una letra o un número y solo lleva letras, números, «-», «_» o «.» (hasta 40 caracteres).',
    },
  } as const;

  it.each(LANGUAGES)('says which rule a filled field breaks in %s, keeping the spec text for the empty ones, and sends nothing', async (locale, catalogue) => {
    act(() => setLocale(locale));
    const { effects } = renderForm();
    const f = catalogue.contracts.fields;
    // One value past its rule in each field BROKEN_RULES names, the node list aside.
    typeAll(f, { margen: '150', fee: '-10', potencia: '0', monto_garantia: '-100', dias_factura: '400', dias_credito: '-1', fecha_inicio: '31/02/2025', codigo_agente: 'E'.repeat(5000) });
    fireEvent.click(screen.getByRole('button', { name: catalogue.contracts.create }));
    const expected = BROKEN_RULES[locale];
    await waitFor(() => expect(messageBeside(f.margen)).toBe(expected.margen));
    for (const name of ['fee', 'potencia', 'monto_garantia', 'dias_factura', 'dias_credito', 'fecha_inicio', 'codigo_agente'] as const) {
      expect(messageBeside(f[name]), name).toBe(expected[name]);
    }
    expect(messageBeside(f.poc)).toBe(catalogue.contractMessages.poc);
    expect(effects.create).not.toHaveBeenCalled();
  });

  it.each(LANGUAGES)('keeps a node code that is not one out of the list, with its message, in %s', async (locale, catalogue) => {
    act(() => setLocale(locale));
    renderForm();
    const label = catalogue.contracts.fields.pmi;
    const group = () => field(label).closest('[role="group"]') as HTMLElement;
    addCode(label, '-5');
    expect(within(group()).queryAllByRole('listitem')).toEqual([]);
    expect((field(label) as HTMLInputElement).value).toBe('-5');
    expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(messageBeside(label)).toBe(BROKEN_RULES[locale].pmi);

    addCode(label, 'PMI-<b>1</b>');
    expect(within(group()).queryAllByRole('listitem')).toEqual([]);
    expect(messageBeside(label)).toContain('PMI-<b>1</b>');

    // A real code joins the list, and the message goes.
    addCode(label, 'GT-ESC-230');
    expect(within(group()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['GT-ESC-230']);
    expect(messageBeside(label)).toBe('');
  });

  async function fillValid(locale: 'en-US' | 'es-ES', catalogue: Catalogue, upload: ReturnType<typeof vi.fn>) {
    const f = catalogue.contracts.fields;
    await pick(f.empresa_id, 'pacifico', /Energía del Pacífico/);
    // Typed or chosen: a select takes its option as a box takes text.
    typeAll(f, { sucursal: 'GT', local_regional: 'regional', codigo_contraparte: 'CP-77', codigo_agente: 'EPWM-GT', tipo_contrato: 'PF', clase_contrato: 'CF' });
    typeAll(f, { tipo_transaccion: 'I', incoterm: 'DAP', fecha_inicio: '01/03/2026', plazo: '24' });
    addCode(f.pmi, 'GT-ESC-230');
    addCode(f.pmr, 'SV-AHU-115');
    const decimal = locale === 'es-ES' ? '1.234,5' : '1,234.5';
    for (const label of [f.poc, f.fee, f.precio_fijo, f.energia, f.potencia]) type(label, decimal);
    typeAll(f, { margen: locale === 'es-ES' ? '12,5' : '12.5', tipo_factura: 'mensual', dias_factura: '10', dias_credito: '30', tipo_garantia: 'fianza', monto_garantia: decimal });
    const input = field(f.archivo_firmado) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'firmado.pdf', { type: 'application/pdf' })] } });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(upload).toHaveBeenCalled());
  }

  it('creates with ISO dates and decimal strings typed in Spanish, and hands the contract to the page', async () => {
    const saved = { id: 41 } as Contract;
    const create = vi.fn().mockResolvedValue(saved);
    const upload = storingUpload();
    const { onSaved } = renderForm({ create, upload });
    await fillValid('es-ES', esES as unknown as Catalogue, upload);
    await waitFor(() => expect(screen.getByText(/firmado\.pdf/)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: esES.contracts.create }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toMatchObject({
      empresa_id: 7,
      fecha_inicio: '2026-03-01',
      plazo: 24,
      pmi: ['GT-ESC-230'],
      pmr: ['SV-AHU-115'],
      poc: '1234.5',
      margen: '12.5',
      monto_garantia: '1234.5',
      archivo_firmado: FILE_KEY,
      dias_credito: 30,
      firmantes: [],
    });
    expect(create.mock.calls[0]![0]).not.toHaveProperty('archivo_firmado_nombre');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });

  it("shows 'There was a problem creating the contract.' when the server refuses, with its reason", async () => {
    act(() => setLocale('en-US'));
    const refusal = new ApiError('badResponse', 'boom', {
      statusCode: 500,
      body: { statusCode: 500, code: 'APP_ERR_SERVER_INTERNAL', message: 'boom' },
    });
    const create = vi.fn().mockRejectedValue(refusal);
    const upload = storingUpload();
    const { onSaved } = renderForm({ create, upload });
    await fillValid('en-US', enUS, upload);
    fireEvent.click(screen.getByRole('button', { name: enUS.contracts.create }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('There was a problem creating the contract.')).toBeTruthy();
    expect(within(alert).getByText(enUS.errors.APP_ERR_SERVER_INTERNAL)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('asks before dropping typed values on cancel', async () => {
    const { onLeft } = renderForm();
    fireEvent.change(field(esES.contracts.fields.codigo_contraparte), { target: { value: 'CP-1' } });
    fireEvent.click(screen.getByRole('button', { name: esES.common.cancel }));
    expect(await screen.findByText(esES.forms.discard.title)).toBeTruthy();
    expect(onLeft).not.toHaveBeenCalled();
  });
});
