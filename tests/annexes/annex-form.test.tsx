// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import type { Annex } from '../../schemas/annex.schema';
import type { ContractListItem } from '../../schemas/contract.schema';
import { AnnexDocument } from '../../src/features/annexes/annex-document';
import { AnnexForm, type AnnexFormEffects } from '../../src/features/annexes/annex-form';
import { setLocale } from '../../src/lib/i18n/i18n';
import { addCode, field, messageBeside, type } from '../app/helpers/form-fields';
import { renderWithApp } from '../app/helpers/render-with-app';

function contract(id: number, clase: ContractListItem['clase_contrato']): ContractListItem {
  return {
    id,
    empresa_id: 3,
    empresa_razon_social: 'Generadora Norte',
    sucursal: 'GT',
    tipo_contrato: 'PF',
    tipo_transaccion: 'I',
    clase_contrato: clase,
    fecha_inicio: '2026-01-01',
    plazo: 12,
    local_regional: 'regional',
    codigo_contraparte: 'CP',
    tripartito: false,
    moneda: 'USD',
    monto_garantia: '1000',
    numero_anexos: 0,
    version: 1,
  };
}

const CONTRACTS = [contract(11, 'CF'), contract(12, 'CNFFF')];

function renderForm(initialContractId: string, create = vi.fn()) {
  const effects = { create, update: vi.fn(), upload: vi.fn() } as unknown as AnnexFormEffects;
  renderWithApp(
    <AnnexForm contracts={CONTRACTS} initialContractId={initialContractId} effects={effects} onSaved={vi.fn()} onLeft={vi.fn()} />,
    '/anexos/nuevo',
  );
  return { create };
}

describe('annex form', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  const BROKEN_RULES = {
    'en-US': {
      margen_pct: 'Margin %: enter a number from 0 to 100, with at most 4 decimals.',
      pct_fpn: 'FPN %: enter a number from 0 to 100, with at most 4 decimals.',
      fee: 'Fee ($/MWh): enter a number from 0 to 99,999,999.9999, with at most 4 decimals.',
      derecho_transmision: 'Transmission right: enter a number from 0 to 100, with at most 4 decimals.',
      potencia_contratada: 'Contracted power: enter a number greater than 0 and at most 999,999,999.999, with at most 3 decimals.',
    },
    'es-ES': {
      margen_pct: 'Margen %: escribe un número entre 0 y 100, con 4 decimales como máximo.',
      pct_fpn: '% FPN: escribe un número entre 0 y 100, con 4 decimales como máximo.',
      fee: 'Fee ($/MWh): escribe un número entre 0 y 99.999.999,9999, con 4 decimales como máximo.',
      derecho_transmision: 'Derecho de transmisión: escribe un número entre 0 y 100, con 4 decimales como máximo.',
      potencia_contratada: 'Potencia contratada: escribe un número mayor que 0 y no mayor que 999.999.999,999, con 3 decimales como máximo.',
    },
  } as const;

  it.each([
    ['en-US', enUS],
    ['es-ES', esES as unknown as typeof enUS],
  ] as const)(
    'refuses amounts past their bounds, a transmission right of 150 percent, an end before the start and a CF annex without a holder, each with its message in %s',
    async (locale, catalogue) => {
      act(() => setLocale(locale));
      const { create } = renderForm('11');
      const f = catalogue.annexes.fields;
      type(f.fecha_inicio, '01/06/2026');
      type(f.fecha_fin, '31/05/2026');
      type(f.potencia_contratada, '0');
      addCode(f.pmi, 'GT-ESC-230');
      addCode(f.pmr, 'SV-AHU-115');
      type(f.margen_pct, locale === 'es-ES' ? '100,5' : '100.5');
      type(f.pct_fpn, '-1');
      type(f.pct_cargos_mmi, '100');
      type(f.fee, '-5');
      type(f.derecho_transmision, '150');
      fireEvent.change(field(f.derecho_transmision_tipo), { target: { value: '%' } });
      fireEvent.click(screen.getByRole('button', { name: catalogue.annexes.create }));
      const expected = BROKEN_RULES[locale];
      await waitFor(() => expect(messageBeside(f.margen_pct)).toBe(expected.margen_pct));
      for (const name of ['pct_fpn', 'fee', 'derecho_transmision', 'potencia_contratada'] as const) expect(messageBeside(f[name]), name).toBe(expected[name]);
      expect(messageBeside(f.pct_cargos_mmi)).toBe('');
      expect(messageBeside(f.fecha_fin)).toBe(catalogue.annexMessages.fecha_fin);
      expect(messageBeside(f.titular_transmision)).toBe(catalogue.annexMessages.titular_transmision);
      expect(create).not.toHaveBeenCalled();
    },
  );

  it('creates an annex of a non-firm contract with decimals typed in Spanish', async () => {
    const create = vi.fn().mockResolvedValue({ id: 5 } as Annex);
    renderForm('12', create);
    const f = esES.annexes.fields;
    type(f.fecha_inicio, '01/06/2026');
    type(f.fecha_fin, '30/06/2026');
    type(f.potencia_contratada, '1.500,25');
    fireEvent.change(field(f.unidad_potencia), { target: { value: 'kW' } });
    addCode(f.pmi, 'GT-ESC-230');
    addCode(f.pmr, 'SV-AHU-115');
    type(f.margen_pct, '12,5');
    fireEvent.click(screen.getByRole('button', { name: esES.annexes.create }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toEqual({
      contrato_id: 12,
      fecha_inicio: '2026-06-01',
      fecha_fin: '2026-06-30',
      tripartito: false,
      potencia_contratada: '1500.25',
      unidad_potencia: 'kW',
      pmi: ['GT-ESC-230'],
      pmr: ['SV-AHU-115'],
      margen_pct: '12.5',
    });
  });

  it('shows every required annex field as missing on an empty submit in Spanish', async () => {
    renderForm('');
    fireEvent.click(screen.getByRole('button', { name: esES.annexes.create }));
    const f = esES.annexes.fields;
    await waitFor(() => expect(messageBeside(f.fecha_inicio)).toBe(esES.annexMessages.fecha_inicio));
    expect(messageBeside(f.contrato_id)).toBe(esES.forms.errors.required);
    expect(messageBeside(f.fecha_fin)).toBe(esES.annexMessages.fecha_fin);
    expect(messageBeside(f.potencia_contratada)).toBe(esES.annexMessages.potencia_contratada);
    expect(messageBeside(f.pmi)).toBe(esES.annexMessages.pmi);
    expect(messageBeside(f.pmr)).toBe(esES.annexMessages.pmr);
  });
});

describe('annex document', () => {
  afterEach(cleanup);

  it('shows the PDF fetched with the token in a frame from an object URL, and revokes it on leave', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/annex-pdf');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const fetchBlob = vi.fn().mockResolvedValue(new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    const { unmount } = renderWithApp(<AnnexDocument fileKey="f_key" fileName="anexo-5.pdf" fetchBlob={fetchBlob} />, '/anexos/5');
    const frame = await screen.findByTitle(esES.annexes.documentTitle);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:http://localhost/annex-pdf');
    expect(fetchBlob).toHaveBeenCalledWith('f_key');
    expect(screen.getByRole('button', { name: /anexo-5\.pdf/ })).toBeTruthy();
    unmount();
    expect(revoked).toHaveBeenCalledWith('blob:http://localhost/annex-pdf');
    created.mockRestore();
    revoked.mockRestore();
  });
});
