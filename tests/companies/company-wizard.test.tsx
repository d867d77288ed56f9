// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '../../schemas/company.schema';
import { ApiError } from '../../src/lib/api/api-error';
import { setLocale } from '../../src/lib/i18n/i18n';
import { CompanyWizard, type CompanyWizardEffects } from '../../src/features/companies/company-wizard';
import { Link } from 'wouter';
import { renderWithApp } from '../app/helpers/render-with-app';
import { VALID_COMPANY } from './company-fixtures';

// The upload widget calls the files service; here it answers as the server would.
vi.mock('../../src/lib/files/files-api', () => ({
  uploadFile: vi.fn(async (file: File, tipo?: number) => ({
    key: 'f_00000000-0000-4000-8000-000000000001',
    nombre: file.name,
    tipo_mime: 'application/pdf',
    tamano: file.size,
    sha256: '0'.repeat(64),
    tipo: tipo ?? null,
  })),
  downloadFile: vi.fn(),
  fetchFile: vi.fn(),
  fileObjectUrl: vi.fn(),
}));

// Company (9) + one contact (5) + one bank account (13, every bank field) required fields.
const REQUIRED_COUNT = 9 + 5 + 13;

function renderWizard(create = vi.fn()) {
  const onCreated = vi.fn();
  const onLeft = vi.fn();
  const utils = renderWithApp(
    <CompanyWizard effects={{ create } as unknown as CompanyWizardEffects} onCreated={onCreated} onLeft={onLeft} />,
    '/nueva',
  );
  return { ...utils, create, onCreated, onLeft };
}

function input(container: HTMLElement, name: string): HTMLInputElement | HTMLSelectElement {
  const element = container.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no field ${name}`);
  return element;
}

function fill(container: HTMLElement, values: Readonly<Record<string, string>>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(input(container, name), { target: { value } });
}

const created = { id: 77, razon_social: VALID_COMPANY.razon_social } as unknown as Company;

describe('company wizard', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  it('marks every required field of step 1 in Spanish and stays on step 1', async () => {
    const { create } = renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(REQUIRED_COUNT));
    expect(screen.getByText('Paso 1 de 2')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('marks every required field in English, and words the contact rules of spec section 5', async () => {
    act(() => setLocale('en-US'));
    const { container } = renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(REQUIRED_COUNT));
    fill(container, VALID_COMPANY);
    fill(container, { 'contactos.0.email': 'luis@', 'contactos.0.celular': 'call me', 'coordenadas_bancarias.0.aba': '12' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a valid email.')).toBeTruthy();
    expect(screen.getByText('Enter a valid cell.')).toBeTruthy();
    expect(screen.getByText('Enter a valid ABA (9 digits).')).toBeTruthy();
    expect(screen.queryByText('This field is required.')).toBeNull();
  });

  it('goes to the documents, back without losing anything, and creates with the uploaded document', async () => {
    const create = vi.fn(async () => created);
    const { container, onCreated } = renderWizard(create);
    fill(container, VALID_COMPANY);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Paso 2 de 2')).toBeTruthy();

    const deed = screen.getByLabelText('Escritura de constitución');
    const pdf = new File(['%PDF-1.4 demo'], 'escritura.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(deed, { target: { files: [pdf] } });
    });
    expect(await screen.findByText('Subido: escritura.pdf')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    await waitFor(() => expect(input(container, 'razon_social').value).toBe(VALID_COMPANY.razon_social));
    expect(input(container, 'contactos.0.email').value).toBe(VALID_COMPANY['contactos.0.email']);

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Subido: escritura.pdf')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crear empresa' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const body = (create.mock.calls[0] as unknown[])[0] as Record<string, unknown>;
    expect(body.documentos).toEqual([{ tipo: 'escritura_constitucion', key: 'f_00000000-0000-4000-8000-000000000001' }]);
    expect(body.razon_social).toBe(VALID_COMPANY.razon_social);
    expect((body.contactos as Array<Record<string, unknown>>)[0]).toMatchObject({ tipo_contacto: 'comercial', email: 'luis@andina.gt' });
  });

  it('returns to step 1 with the server message beside the refused field', async () => {
    const refusal = new ApiError('clientError', 'Request failed with status code 409', {
      statusCode: 409,
      body: {
        statusCode: 409,
        code: 'APP_ERR_COMPANY_DUPLICATE',
        message: 'A company with this tax id already exists in this country',
        details: [{ instancePath: '/nit', keyword: 'unique', message: 'a company with this tax id exists in this country' }],
      },
    });
    const { container } = renderWizard(vi.fn(async () => Promise.reject(refusal)));
    fill(container, VALID_COMPANY);
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Crear empresa' }));
    expect(await screen.findByText('Paso 1 de 2')).toBeTruthy();
    // The banner and the field both say it; the field keeps what was typed.
    expect(screen.getAllByText('Ya existe una empresa con este número de identificación tributaria en este país.').length).toBeGreaterThanOrEqual(2);
    expect(input(container, 'nit').value).toBe(VALID_COMPANY.nit);
  });

  it('asks before cancelling a wizard with changes, and leaves an untouched one at once', async () => {
    const untouched = renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(untouched.onLeft).toHaveBeenCalledWith(null));
    cleanup();

    const { container, onLeft } = renderWizard();
    fill(container, { razon_social: 'Algo' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('¿Descartar los cambios?')).toBeTruthy();
    expect(onLeft).not.toHaveBeenCalled();
  });

  it('holds back a menu link while the wizard has changes, and follows it once the user confirms', async () => {
    const onLeft = vi.fn();
    const { container, history } = renderWithApp(
      <>
        <Link href="/contratos">Contratos</Link>
        <CompanyWizard effects={{ create: vi.fn() } as unknown as CompanyWizardEffects} onCreated={vi.fn()} onLeft={onLeft} />
      </>,
      '/empresas/nueva',
    );
    fill(container, { razon_social: 'Algo' });
    fireEvent.click(screen.getByRole('link', { name: 'Contratos' }));
    expect(await screen.findByText('¿Descartar los cambios?')).toBeTruthy();
    // The router never saw the click: the address is still the wizard's.
    expect(history).toEqual(['/empresas/nueva']);
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(onLeft).toHaveBeenCalledWith('/contratos'));
  });
});
