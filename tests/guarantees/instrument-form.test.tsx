// @vitest-environment happy-dom
// The guarantee instrument form as a user meets it: what it refuses before sending (in the
// user's language), the body it sends (the language's decimals, ISO dates), what it offers (an
// operator's own branches and currency), and the server's refusals where the user can act on them.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Instrument } from '../../schemas/guarantee.schema';
import type { FormValue } from '../../machines/forms/record-form.machine';
import { ApiError } from '../../src/lib/api/api-error';
import { InstrumentForm, type InstrumentFormEffects } from '../../src/features/guarantees/instrument-form';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { field, messageBeside, type } from '../app/helpers/form-fields';
import { renderWithApp } from '../app/helpers/render-with-app';
import { storedInstrument } from './instrument-fixture';

const STORED = storedInstrument();

function renderForm({ instrument, initial, create = vi.fn(), update = vi.fn() }: { instrument?: Instrument; initial?: FormValue; create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> } = {}) {
  const onSaved = vi.fn();
  const effects = { create, update } as unknown as InstrumentFormEffects;
  renderWithApp(<InstrumentForm instrument={instrument} initial={initial} effects={effects} onSaved={onSaved} onLeft={vi.fn()} />, '/nuevo');
  return { create, update, onSaved };
}

function refusal(statusCode: number, code: string, details?: unknown[]) {
  return new ApiError('clientError', `Request failed with status code ${statusCode}`, { statusCode, body: { statusCode, code, message: code, details } as never });
}

/** The texts of a choice's options, as offered. */
const options = (label: string) => within(field(label) as unknown as HTMLElement).getAllByRole('option').map((option) => option.textContent);

const WORDS = {
  'es-ES': {
    labels: {
      operador: 'OS/OM',
      sucursal: 'Sucursal',
      agente: 'Agente',
      tipo: 'Tipo de instrumento',
      emisor: 'Emisor',
      numero: 'Número',
      moneda: 'Moneda',
      monto: 'Monto',
      emision: 'Fecha de emisión',
      vencimiento: 'Fecha de vencimiento',
      liberada: 'Liberada el',
    },
    create: 'Crear instrumento',
    save: 'Guardar',
    amount: '1.250.000,5',
    choose: 'Selecciona…',
    positive: 'Monto: escribe un número mayor que 0 y no mayor que 999.999.999.999,99, con 2 decimales como máximo.',
    endBeforeStart: 'El vencimiento debe ser igual o posterior a la emisión.',
    releaseBeforeStart: 'La liberación debe ser igual o posterior a la emisión.',
    branchOperator: 'La empresa no es agente de este OS/OM por esa sucursal.',
    currencyOperator: 'Debe ser la moneda del OS/OM: MXN en CENACE, USD en los demás.',
    agentPattern: 'Usa mayúsculas, cifras, _ y -, empezando por una letra (p. ej. EPWM_GT).',
    required: 'Este campo es obligatorio.',
    createFailed: 'No se pudo crear el instrumento.',
    numberTaken: 'El emisor ya tiene un instrumento con ese número en este OS/OM.',
    releaseHelp: 'Solo si se devolvió antes de vencer: desde ese día deja de contar en la garantía.',
  },
  'en-US': {
    labels: {
      operador: 'Operator (OS/OM)',
      sucursal: 'Branch',
      agente: 'Agent',
      tipo: 'Instrument kind',
      emisor: 'Issuer',
      numero: 'Number',
      moneda: 'Currency',
      monto: 'Amount',
      emision: 'Issue date',
      vencimiento: 'Due date',
      liberada: 'Released on',
    },
    create: 'Create instrument',
    save: 'Save',
    amount: '1,250,000.5',
    choose: 'Choose…',
    positive: 'Amount: enter a number greater than 0 and at most 999,999,999,999.99, with at most 2 decimals.',
    endBeforeStart: 'The due date must be on or after the issue date.',
    releaseBeforeStart: 'The release must be on or after the issue date.',
    branchOperator: 'The company is no agent of this OS/OM through that branch.',
    currencyOperator: "Must be the OS/OM's currency: MXN at CENACE, USD elsewhere.",
    agentPattern: 'Use capital letters, digits, _ and -, starting with a letter (e.g. EPWM_GT).',
    required: 'This field is required.',
    createFailed: 'The instrument could not be created.',
    numberTaken: 'The issuer already has an instrument with this number at this OS/OM.',
    releaseHelp: 'Only when it was given back before its due date: from that day on it no longer counts toward the guarantee.',
  },
} as const;

afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe.each(Object.entries(WORDS))('the guarantee instrument form (%s)', (locale, words) => {
  const L = words.labels;
  const useLocale = () => act(() => setLocale(locale as Locale));

  /** A valid new EOR instrument of the Guatemala branch, typed as a user would. */
  function fillValid() {
    type(L.operador, 'EOR');
    type(L.sucursal, 'GT');
    type(L.agente, 'EPWM_GT');
    type(L.tipo, 'carta_credito');
    type(L.emisor, 'Banco Industrial');
    type(L.numero, 'CC-2026-001');
    type(L.monto, words.amount);
    type(L.emision, '15/01/2026');
    type(L.vencimiento, '31/12/2026');
  }

  it('refuses a negative amount, a due date before the issue and a bad agent code, each beside its field, and sends nothing', async () => {
    useLocale();
    const { create } = renderForm();
    fillValid();
    type(L.agente, 'epwm gt');
    type(L.monto, '-5');
    type(L.vencimiento, '14/01/2026');
    type(L.emisor, '');
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(messageBeside(L.monto)).toBe(words.positive));
    expect(messageBeside(L.vencimiento)).toBe(words.endBeforeStart);
    expect(messageBeside(L.agente)).toBe(words.agentPattern);
    expect(messageBeside(L.emisor)).toBe(words.required);
    expect(create).not.toHaveBeenCalled();
  });

  it("refuses a branch and a currency that are not the operator's, beside each, and sends nothing", async () => {
    useLocale();
    // A value started elsewhere (a copy of another instrument) may hold a combination the choices no longer offer.
    const { create } = renderForm({
      initial: {
        operador: 'CENACE',
        sucursal: 'GT',
        agente: 'EPWM_MX',
        tipo: 'fianza',
        emisor: 'Afianzadora Sofimex',
        numero: 'F-88',
        moneda: 'USD',
        monto: '10',
        fecha_emision: '01/02/2026',
        fecha_vencimiento: '01/02/2027',
        liberada_en: '',
      },
    });
    // What the value holds is shown, beside its message, so the user sees what to change.
    expect(options(L.sucursal)).toEqual(['MX', 'GT']);
    expect(options(L.moneda)).toEqual(['MXN', 'USD']);
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(messageBeside(L.sucursal)).toBe(words.branchOperator));
    expect(messageBeside(L.moneda)).toBe(words.currencyOperator);
    expect(create).not.toHaveBeenCalled();
  });

  it("offers an operator's branches only and sets its currency: CENACE is MX in MXN", () => {
    useLocale();
    renderForm();
    expect(options(L.sucursal)).toEqual([words.choose]);
    type(L.operador, 'EOR');
    expect(options(L.sucursal)).toEqual([words.choose, 'GT', 'SV', 'PA']);
    expect(options(L.moneda)).toEqual(['USD']);
    expect(field(L.moneda).value).toBe('USD');
    type(L.sucursal, 'SV');
    type(L.operador, 'CENACE');
    expect(options(L.sucursal)).toEqual(['MX']);
    expect(field(L.sucursal).value).toBe('MX');
    expect(options(L.moneda)).toEqual(['MXN']);
    expect(field(L.moneda).value).toBe('MXN');
    type(L.operador, 'EOR');
    // MX is no EOR branch: the user chooses again.
    expect(field(L.sucursal).value).toBe('');
    expect(field(L.moneda).value).toBe('USD');
    expect(screen.getByText(words.releaseHelp)).toBeTruthy();
  });

  it('sends the amount as a decimal and ISO dates; no release date is left out', async () => {
    useLocale();
    const create = vi.fn(async () => STORED);
    const { onSaved } = renderForm({ create });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(STORED));
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({
      operador: 'EOR',
      sucursal: 'GT',
      agente: 'EPWM_GT',
      tipo: 'carta_credito',
      emisor: 'Banco Industrial',
      numero: 'CC-2026-001',
      moneda: 'USD',
      monto: '1250000.5',
      fecha_emision: '2026-01-15',
      fecha_vencimiento: '2026-12-31',
    });
  });

  it("shows the server's number taken in the banner and beside the number, until the number changes", async () => {
    useLocale();
    const create = vi.fn().mockRejectedValue(refusal(409, 'APP_ERR_GUARANTEE_NUMBER_TAKEN'));
    const { onSaved } = renderForm({ create });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(words.createFailed)).toBeTruthy();
    expect(within(alert).getByText(words.numberTaken)).toBeTruthy();
    expect(messageBeside(L.numero)).toBe(words.numberTaken);
    expect(onSaved).not.toHaveBeenCalled();
    type(L.numero, 'CC-2026-002');
    expect(messageBeside(L.numero)).toBe('');
  });

  it("shows the server's rule details beside their fields", async () => {
    useLocale();
    const create = vi.fn().mockRejectedValue(
      refusal(400, 'APP_ERR_REQUEST_INVALID', [{ instancePath: '/fecha_vencimiento', keyword: 'guaranteeEndBeforeStart', message: 'must be on or after the issue date' }]),
    );
    renderForm({ create });
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: words.create }));
    await waitFor(() => expect(messageBeside(L.vencimiento)).toBe(words.endBeforeStart));
  });

  it('edits an instrument: every field and the version read, a release date typed and then emptied cleared', async () => {
    useLocale();
    const update = vi.fn(async () => STORED);
    const { onSaved } = renderForm({ instrument: storedInstrument({ liberada_en: '2026-06-30', estado: 'liberada' }), update });
    expect(field(L.monto).value).toBe(locale === 'es-ES' ? '250.000' : '250,000');
    expect(field(L.liberada).value).toBe('30/06/2026');
    type(L.liberada, '10/01/2026');
    fireEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(messageBeside(L.liberada)).toBe(words.releaseBeforeStart));
    expect(update).not.toHaveBeenCalled();
    type(L.liberada, '');
    fireEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(STORED));
    expect(update).toHaveBeenCalledWith({
      id: 7,
      version: 2,
      operador: 'EOR',
      sucursal: 'GT',
      agente: 'EPWM_GT',
      tipo: 'carta_credito',
      emisor: 'Banco Industrial',
      numero: 'CC-2026-001',
      moneda: 'USD',
      monto: '250000',
      fecha_emision: '2026-01-15',
      fecha_vencimiento: '2026-12-31',
      liberada_en: null,
    });
  });
});
