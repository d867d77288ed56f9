// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contract } from '../../schemas/contract.schema';
import { ContractForm, type ContractFormEffects } from '../../src/features/contracts/contract-form';
import { ContractView } from '../../src/features/contracts/contract-view';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';

const contract: Contract = {
  id: 12,
  empresa_id: 7,
  empresa_razon_social: 'Energía del Pacífico S.A.',
  sucursal: 'GT',
  tipo_contrato: 'FEE',
  tipo_transaccion: 'I',
  tipo_oferta: null,
  clase_contrato: 'CF',
  incoterm: 'DAP',
  fecha_inicio: '2026-03-01',
  plazo: 12,
  codigo_contraparte: 'EDP01',
  codigo_agente: 'EPWM-GT',
  tripartito: false,
  nombre_empresa_tercero: null,
  codigo_tercero: null,
  tipo_factura: 'mensual',
  dias_factura: 10,
  tipo_credito: null,
  dias_credito: 30,
  tipo_garantia: 'carta_credito',
  monto_garantia: '50000',
  moneda: 'USD',
  archivo_firmado: 'f_0b7a1f9e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  archivo_firmado_nombre: 'contrato-12.pdf',
  local_regional: 'regional',
  tipo_liquidacion: null,
  pmi: ['GT-ESC-230'],
  pmr: ['SV-AHU-115'],
  poc: '61.5',
  margen: '2',
  fee: '3.25',
  precio_fijo: '88',
  energia: '7200',
  potencia: '10',
  firmantes: [],
  numero_anexos: 0,
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

/** What the page shows beside the label `label` (a fact of the view). */
function factOf(label: string): string {
  return screen.getByText(label, { exact: true }).parentElement?.textContent?.replace(label, '').trim() ?? '';
}

afterEach(() => {
  cleanup();
  act(() => setLocale('es-ES'));
});

describe('the units of a contract', () => {
  it.each([
    ['es-ES', { energia: ['Energía (MWh)', '7.200'], potencia: ['Potencia (MW)', '10'], fee: ['Fee ($/MWh)', '3,25'], precio_fijo: ['Precio fijo ($/MWh)', '88'] }],
    ['en-US', { energia: ['Energy (MWh)', '7,200'], potencia: ['Power (MW)', '10'], fee: ['Fee ($/MWh)', '3.25'], precio_fijo: ['Fixed price ($/MWh)', '88'] }],
  ] as const)('show beside its energy, power, fee and fixed price in its view (%s)', (locale, facts) => {
    act(() => setLocale(locale));
    renderWithApp(<ContractView contract={contract} annexes={[]} canAddAnnex={false} />, '/contratos/12');
    for (const [label, value] of Object.values(facts)) expect(factOf(label)).toBe(value);
  });

  it.each([
    ['es-ES', ['Energía (MWh)', 'Potencia (MW)', 'Fee ($/MWh)', 'Precio fijo ($/MWh)']],
    ['en-US', ['Energy (MWh)', 'Power (MW)', 'Fee ($/MWh)', 'Fixed price ($/MWh)']],
  ] as const)('name the fields of its form (%s)', (locale, labels) => {
    act(() => setLocale(locale));
    const effects = { create: vi.fn(), update: vi.fn(), upload: vi.fn() } as unknown as ContractFormEffects;
    renderWithApp(<ContractForm contract={contract} companies={[]} effects={effects} onSaved={vi.fn()} onLeft={vi.fn()} />, '/contratos/12/editar');
    for (const label of labels) expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()$/]/g, '\\$&')}`))).toHaveProperty('tagName', 'INPUT');
  });
});
