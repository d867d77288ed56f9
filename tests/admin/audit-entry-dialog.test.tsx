// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../schemas/audit.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { system } from '../../src/app/theme';
import { AuditEntryDialog } from '../../src/features/admin/audit-entry-dialog';
import { setLocale } from '../../src/lib/i18n/i18n';
import { readingInGuatemala, viewsChange } from './audit-fixtures';

readingInGuatemala();
const entry = viewsChange;

const stamps = (at: string, by: string, version: number) => ({ version, created_at: '2025-01-02T10:00:00.000Z', created_by: 'ana@demo.energy', updated_at: at, updated_by: by });

const noMatrix = uniformRolePermissions(false);
const roleBefore = { id: 3, nombre: 'Analista GT', pais: 'GT', permisos_x_pagina: noMatrix, ...stamps('2025-01-02T10:00:00.000Z', 'ana@demo.energy', 1) };
const roleAfter = {
  ...roleBefore,
  permisos_x_pagina: { ...noMatrix, Companies: { create: true, edit: true, delete: false, view: true } },
  ...stamps('2025-03-04T05:06:07.000Z', 'admin@demo.energy', 2),
};

const contractBefore = {
  id: 9,
  empresa_id: 4,
  empresa_razon_social: 'Eléctrica del Norte, S.A.',
  fecha_inicio: '2025-01-01',
  plazo: 12,
  tripartito: false,
  nombre_empresa_tercero: null,
  tipo_garantia: 'carta_credito',
  monto_garantia: '250000.00',
  archivo_firmado: 'f_62c2523d-dd17-4348-a433-856759c44240',
  archivo_firmado_nombre: 'contrato-firmado.pdf',
  firmantes: [{ nombre: 'Jorge Méndez', cargo: 'Representante legal', email: 'jorge@energia-gt.test' }],
  ...stamps('2025-01-02T10:00:00.000Z', 'ana@demo.energy', 1),
};
const contractAfter = {
  ...contractBefore,
  fecha_inicio: '2025-02-01',
  tripartito: true,
  nombre_empresa_tercero: 'Tercera, S.A.',
  tipo_garantia: 'fianza',
  monto_garantia: '300000.50',
  archivo_firmado: 'f_11111111-2222-4333-8444-555555555555',
  archivo_firmado_nombre: 'contrato-v2.pdf',
  firmantes: [{ nombre: 'Jorge Méndez', cargo: 'Gerente general', email: 'jorge@energia-gt.test' }],
  ...stamps('2025-03-04T05:06:07.000Z', 'admin@demo.energy', 2),
};

const contact = (id: number, nombre: string, telefono: string) => ({
  id,
  empresa_id: 4,
  empresa_razon_social: 'Eléctrica del Norte, S.A.',
  tipo_contacto: 'comercial',
  nombre,
  email: `${id}@energia.test`,
  telefono,
  extension: null,
  celular: '+502 5566-7788',
  cargo: 'Gerente',
  ...stamps('2025-01-02T10:00:00.000Z', 'ana@demo.energy', 1),
});
const companyBefore = { id: 4, razon_social: 'Eléctrica del Norte, S.A.', pais: 'GT', contactos: [contact(1, 'María López', '+502 2233-4455')], documentos: [] };
const companyAfter = {
  ...companyBefore,
  pais: 'SV',
  contactos: [contact(1, 'María López', '+502 2233-0000'), contact(2, 'Pedro Ruiz', '+502 2233-1111')],
};

function open(shown: AuditEntry) {
  render(
    <ChakraProvider value={system}>
      <AuditEntryDialog entry={shown} onClose={vi.fn()} />
    </ChakraProvider>,
  );
  return screen.findByRole('dialog');
}

/** The changes table as the reader sees it: its column headers, then each row's cells. */
function changesIn(dialog: HTMLElement, name: string) {
  const table = within(dialog).getByRole('table', { name });
  const texts = (cells: HTMLElement[]) => cells.map((cell) => cell.textContent ?? '');
  const [head, ...rows] = within(table).getAllByRole('row');
  return {
    headers: texts(within(head!).getAllByRole('columnheader')),
    rows: rows.map((row) => texts(within(row).getAllByRole('cell'))),
  };
}

describe('audit entry dialog', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  it('says when, who, what and to which record in words: the time in the reader’s zone as dd/mm/yyyy hh:mm, the action and the entity by their names', async () => {
    const dialog = await open(entry);
    expect(within(dialog).getByText('03/03/2025 23:06 · admin@demo.energy · Vistas del usuario cambiadas · Usuario 12')).toBeTruthy();
  });

  it('says the same in English, and names the system when no one acted', async () => {
    act(() => setLocale('en-US'));
    const dialog = await open({ ...entry, actor_email: null, action: 'role.update', entity: 'role', entity_id: '3' });
    expect(within(dialog).getByText('03/03/2025 23:06 · system · Role updated · Role 3')).toBeTruthy();
  });

  it('compares each changed field by its label (in the order of the labels), with coded values by their names', async () => {
    const dialog = await open(entry);
    expect(changesIn(dialog, 'Cambios')).toEqual({
      headers: ['Campo', 'Antes', 'Después'],
      rows: [['Vistas', 'Dashboard', 'Dashboard, Liquidaciones']],
    });
  });

  it('shows a role’s permission matrix in words, one row per page that changed, and leaves the bookkeeping out', async () => {
    const dialog = await open({ ...entry, action: 'role.update', entity: 'role', entity_id: '3', before: roleBefore, after: roleAfter });
    expect(changesIn(dialog, 'Cambios').rows).toEqual([['Permisos del rol › Empresas', 'Ninguno', 'Crear, Editar, Ver']]);
    expect(dialog.textContent).not.toMatch(/[{}[\]"]/);
  });

  it('shows the matrix in English too', async () => {
    act(() => setLocale('en-US'));
    const dialog = await open({ ...entry, action: 'role.update', entity: 'role', entity_id: '3', before: roleBefore, after: roleAfter });
    expect(changesIn(dialog, 'Changes').rows).toEqual([['Role permissions › Companies', 'None', 'Create, Edit, View']]);
  });

  it('reads dates as dd/mm/yyyy, yes and no, an empty value as a dash, amounts in the language’s format, a file and a company by name and signers field by field', async () => {
    const dialog = await open({ ...entry, action: 'contract.update', entity: 'contract', entity_id: '9', before: contractBefore, after: contractAfter });
    expect(changesIn(dialog, 'Cambios').rows).toEqual([
      ['Contrato firmado', 'contrato-firmado.pdf', 'contrato-v2.pdf'],
      ['Contrato tripartito', 'No', 'Sí'],
      ['Fecha de inicio', '01/01/2025', '01/02/2025'],
      ['Firmantes autorizados › Jorge Méndez › Cargo', 'Representante legal', 'Gerente general'],
      ['Monto de la garantía', '250.000,00', '300.000,50'],
      ['Nombre de la empresa tercera', '—', 'Tercera, S.A.'],
      ['Tipo de garantía', 'Carta de crédito', 'Fianza'],
    ]);
    expect(dialog.textContent).not.toMatch(/[{}[\]"]/);
  });

  it('reads the same contract change in English', async () => {
    act(() => setLocale('en-US'));
    const dialog = await open({ ...entry, action: 'contract.update', entity: 'contract', entity_id: '9', before: contractBefore, after: contractAfter });
    expect(changesIn(dialog, 'Changes').rows).toEqual([
      ['Authorised signers › Jorge Méndez › Position', 'Representante legal', 'Gerente general'],
      ['Guarantee amount', '250,000.00', '300,000.50'],
      ['Guarantee type', 'Letter of credit', 'Surety bond'],
      ['Signed contract', 'contrato-firmado.pdf', 'contrato-v2.pdf'],
      ['Start date', '01/01/2025', '01/02/2025'],
      ['Third party company name', '—', 'Tercera, S.A.'],
      ['Tripartite contract', 'No', 'Yes'],
    ]);
  });

  it('names a changed contact of a company and describes an added one in words, a line per field', async () => {
    const dialog = await open({ ...entry, action: 'company.update', entity: 'company', entity_id: '4', before: companyBefore, after: companyAfter });
    expect(changesIn(dialog, 'Cambios').rows).toEqual([
      ['Contactos comerciales › María López › Teléfono', '+502 2233-4455', '+502 2233-0000'],
      [
        'Contactos comerciales › Pedro Ruiz',
        '—',
        'Cargo: Gerente\nCelular: +502 5566-7788\nCorreo electrónico: 2@energia.test\nTeléfono: +502 2233-1111\nTipo de contacto: Comercial',
      ],
      ['País', 'Guatemala', 'El Salvador'],
    ]);
  });

  it('shows a new record’s values without a before column, and a field without a label by its key', async () => {
    const dialog = await open({ ...entry, action: 'role.create', entity: 'role', entity_id: '3', before: null, after: { nombre: 'Lector GT', pais: 'GT', color: 'azul' } });
    expect(changesIn(dialog, 'Cambios')).toEqual({
      headers: ['Campo', 'Después'],
      rows: [
        ['color', 'azul'],
        ['Nombre del rol', 'Lector GT'],
        ['País', 'Guatemala'],
      ],
    });
  });

  it('names a refused request in words', async () => {
    act(() => setLocale('en-US'));
    const dialog = await open({
      ...entry,
      action: 'access.denied',
      entity: 'route',
      entity_id: 'GET /api/v2/audit',
      before: null,
      after: { method: 'GET', url: '/api/v2/audit', route: '/api/v2/audit' },
    });
    expect(within(dialog).getByText('03/03/2025 23:06 · admin@demo.energy · Access denied · Access GET /api/v2/audit')).toBeTruthy();
    expect(changesIn(dialog, 'Changes').rows).toEqual([
      ['Address', '/api/v2/audit'],
      ['Method', 'GET'],
      ['Route', '/api/v2/audit'],
    ]);
  });
});
