// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '../../schemas/contact.schema';
import { ApiError } from '../../src/lib/api/api-error';
import { setLocale } from '../../src/lib/i18n/i18n';
import { ContactForm, type ContactFormEffects } from '../../src/features/contacts/contact-form';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { pick } from '../app/helpers/pick';
import { renderWithApp } from '../app/helpers/render-with-app';

const companies = [
  { id: 3, razon_social: 'Energía Andina S.A.' },
  { id: 5, razon_social: 'Solar del Pacífico' },
];

const stored: Contact = {
  id: 12,
  empresa_id: 3,
  empresa_razon_social: 'Energía Andina S.A.',
  tipo_contacto: 'comercial',
  nombre: 'Luis Gómez',
  email: 'luis@andina.gt',
  telefono: '+502 2222 3333',
  extension: null,
  celular: '+502 5555 6666',
  cargo: 'Gerente comercial',
  version: 4,
};

function renderForm(options: { contact?: Contact; create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> } = {}) {
  const effects = { create: options.create ?? vi.fn(), update: options.update ?? vi.fn() };
  const onSaved = vi.fn();
  const utils = renderWithApp(
    <ContactForm contact={options.contact} companies={companies} effects={effects as unknown as ContactFormEffects} onSaved={onSaved} onLeft={vi.fn()} />,
    '/contacts',
  );
  return { ...utils, effects, onSaved };
}

/** Types each value into the field of its name, in order. */
function fill(container: HTMLElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(container.querySelector(`[name="${name}"]`)!, { target: { value } });
}

describe('contact form', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  it('marks the company, name, email, phone, cell and position as required in Spanish', async () => {
    const { effects } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Crear contacto' }));
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(6));
    expect(effects.create).not.toHaveBeenCalled();
  });

  it('marks them in English and words the email, phone and cell rules', async () => {
    act(() => setLocale('en-US'));
    const { container, effects } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create contact' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(6));
    await pick(enUS.contacts.fields.empresa_id, 'andina', /Energía Andina/);
    fill(container, { nombre: 'Marta Ruiz', cargo: 'Tesorera', email: 'marta@', telefono: 'x', celular: 'y' });
    fireEvent.click(screen.getByRole('button', { name: 'Create contact' }));
    expect(await screen.findByText('Enter a valid email.')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone.')).toBeTruthy();
    expect(screen.getByText('Enter a valid cell.')).toBeTruthy();
    expect(effects.create).not.toHaveBeenCalled();
  });

  it('creates with the company id as a number and the default commercial type', async () => {
    const create = vi.fn(async (body: Record<string, unknown>) => ({ ...stored, ...body, id: 30 }));
    const { container, onSaved } = renderForm({ create });
    await pick(esES.contacts.fields.empresa_id, 'pacifico', /Solar del Pacífico/);
    fill(container, { nombre: 'Marta Ruiz', cargo: 'Tesorera', email: 'marta@solar.pa', telefono: '+507 300 4000', celular: '+507 6000 7000' });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contacto' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({
      empresa_id: 5,
      tipo_contacto: 'comercial',
      nombre: 'Marta Ruiz',
      cargo: 'Tesorera',
      email: 'marta@solar.pa',
      telefono: '+507 300 4000',
      celular: '+507 6000 7000',
    });
  });

  it('sends the version read and shows the stale-record message on 409', async () => {
    const stale = new ApiError('clientError', 'Request failed with status code 409', {
      statusCode: 409,
      body: { statusCode: 409, code: 'APP_ERR_RECORD_STALE', message: 'stale' },
    });
    const update = vi.fn(async () => Promise.reject(stale));
    const { container } = renderForm({ contact: stored, update });
    fill(container, { cargo: 'Director comercial' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otra persona ha modificado este registro. Vuelve a cargarlo e inténtalo de nuevo.')).toBeTruthy();
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 12, version: 4, cargo: 'Director comercial', empresa_id: 3, extension: null }));
  });
});
