// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../schemas/role.schema';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { userCreateSchema, type User } from '../../schemas/user.schema';
import esES from '../../i18n/es-ES.json';
import { ApiError } from '../../src/lib/api/api-error';
import { setLocale } from '../../src/lib/i18n/i18n';
import { UserForm, type UserFormEffects } from '../../src/features/admin/user-form';
import { renderWithApp } from '../app/helpers/render-with-app';
import { labelsOf, markedLabels } from '../app/helpers/required-marks';

const roles: Role[] = [
  { id: 1, nombre: 'Administrador', pais: 'GT', permisos_x_pagina: uniformRolePermissions(true), version: 1, created_at: '', updated_at: '' },
  { id: 2, nombre: 'Analista MX', pais: 'MX', permisos_x_pagina: uniformRolePermissions(false), version: 1, created_at: '', updated_at: '' },
];

const existing: User = {
  id: 4,
  email: 'lector@demo.energy',
  nombre: 'Lucía',
  segundo_nombre: null,
  primer_apellido: 'Herrera',
  segundo_apellido: 'Soto',
  telefono: '+502 5555 1234',
  cargo: 'Lectora',
  pais: 'GT',
  rol_id: 1,
  rol_nombre: 'Administrador',
  sexo: 'female',
  estado: 'active',
  permisos_x_view: ['dashboard'],
  version: 3,
};

function renderForm(options: { user?: User; create?: ReturnType<typeof vi.fn>; update?: ReturnType<typeof vi.fn> } = {}) {
  const effects = { create: options.create ?? vi.fn(), update: options.update ?? vi.fn() };
  const typed = effects as unknown as UserFormEffects;
  const onSaved = vi.fn();
  const onLeft = vi.fn();
  renderWithApp(
    <UserForm user={options.user} roles={roles} catalogue={['dashboard', 'relaciones', 'admin']} effects={typed} onSaved={onSaved} onLeft={onLeft} />,
    '/admin-usuario/',
  );
  return { effects, onSaved, onLeft };
}

/** A field by its label, with or without the required mark after it. */
function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

/** Ticks a checkbox; Chakra reports the change a task later, so wait for it. */
async function check(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('checkbox', { name }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function fillValidUser(names: Record<string, string>) {
  type(names.nombre!, 'Nora');
  type(names.primer_apellido!, 'Paz');
  type(names.segundo_apellido!, 'Ruiz');
  type(names.email!, 'nora@demo.energy');
  type(names.telefono!, '+52 55 1234 5678');
  type(names.cargo!, 'Analista');
  fireEvent.change(field(names.pais!), { target: { value: 'MX' } });
  fireEvent.change(field(names.rol_id!), { target: { value: '2' } });
  type(names.password!, 'Secreta1!');
  type(names.confirmacion!, 'Secreta1!');
}

const EN = {
  nombre: 'First name',
  primer_apellido: 'First last name',
  segundo_apellido: 'Second last name',
  email: 'Email',
  telefono: 'Phone',
  cargo: 'Position',
  pais: 'Country',
  rol_id: 'Role',
  password: 'Password',
  confirmacion: 'Confirm password',
};

const ES = {
  nombre: 'Nombre',
  primer_apellido: 'Primer apellido',
  segundo_apellido: 'Segundo apellido',
  email: 'Correo electrónico',
  telefono: 'Teléfono',
  cargo: 'Cargo',
  pais: 'País',
  rol_id: 'Rol',
  password: 'Contraseña',
  confirmacion: 'Confirmar contraseña',
};

describe('user form', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('es-ES'));
  });

  it('shows every required field as required in Spanish and sends nothing', async () => {
    const { effects } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(9));
    expect(effects.create).not.toHaveBeenCalled();
  });

  it('marks every field the user schema requires, and the password confirmation with the password', () => {
    const label = (name: string) => (esES.admin.users.fields as Record<string, string>)[name]!;
    renderForm();
    expect(markedLabels()).toEqual(labelsOf([...userCreateSchema.required, 'confirmacion'], label));
  });

  it('words the e-mail, phone, password and confirmation rules in English', async () => {
    act(() => setLocale('en-US'));
    const { effects } = renderForm();
    fillValidUser(EN);
    type(EN.email, 'nora@');
    type(EN.telefono, 'call me');
    type(EN.password, 'short');
    type(EN.confirmacion, 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Enter a valid email.')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number.')).toBeTruthy();
    expect(
      screen.getByText('The password must have at least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.'),
    ).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(effects.create).not.toHaveBeenCalled();
  });

  it('says the passwords do not match in Spanish', async () => {
    renderForm();
    fillValidUser(ES);
    type(ES.confirmacion, 'Secreta2!');
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
  });

  it('sends the user with role, country and checked views, without the confirmation', async () => {
    const created = { ...existing, id: 9, email: 'nora@demo.energy' };
    const { effects, onSaved } = renderForm({ create: vi.fn().mockResolvedValue(created) });
    fillValidUser(ES);
    await check('Relaciones Comerciales');
    await check('Dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(effects.create).toHaveBeenCalledWith({
      nombre: 'Nora',
      primer_apellido: 'Paz',
      segundo_apellido: 'Ruiz',
      email: 'nora@demo.energy',
      telefono: '+52 55 1234 5678',
      cargo: 'Analista',
      pais: 'MX',
      rol_id: 2,
      password: 'Secreta1!',
      permisos_x_view: ['dashboard', 'relaciones'],
    });
  });

  it('raises the server refusal to the form and its details beside the fields', async () => {
    act(() => setLocale('en-US'));
    const refusal = new ApiError('clientError', 'The role does not exist or belongs to another country', {
      statusCode: 400,
      body: {
        statusCode: 400,
        code: 'APP_ERR_USER_ROLE_INVALID',
        message: 'The role does not exist or belongs to another country',
        details: [{ instancePath: '/rol_id', keyword: 'country', message: 'the role belongs to GT, the user to MX' }],
      },
    });
    renderForm({ create: vi.fn().mockRejectedValue(refusal) });
    fillValidUser(EN);
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The role does not exist or belongs to another country.')).toBeTruthy();
    expect(screen.getByText('The role belongs to another country.')).toBeTruthy();
  });

  it('shows a required field the server reported by its missing property', async () => {
    const refusal = new ApiError('clientError', 'The request is not valid', {
      statusCode: 400,
      body: {
        statusCode: 400,
        code: 'APP_ERR_REQUEST_INVALID',
        message: 'The request is not valid',
        details: [{ instancePath: '', keyword: 'required', message: "must have required property 'cargo'" }],
      },
    });
    renderForm({ create: vi.fn().mockRejectedValue(refusal) });
    fillValidUser(ES);
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('La solicitud no es válida.')).toBeTruthy();
    expect(screen.getByText('Este campo es obligatorio.')).toBeTruthy();
  });

  it('edits with the version read and explains a stale-version refusal', async () => {
    act(() => setLocale('en-US'));
    const stale = new ApiError('clientError', 'Someone else changed this record; reload it and try again', {
      statusCode: 409,
      body: { statusCode: 409, code: 'APP_ERR_RECORD_STALE', message: 'Someone else changed this record; reload it and try again' },
    });
    const { effects } = renderForm({ user: existing, update: vi.fn().mockRejectedValue(stale) });
    expect((field('Email') as HTMLInputElement).disabled).toBe(true);
    type('Position', 'Analista senior');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else has changed this record. Reload it and try again.')).toBeTruthy();
    expect(effects.update).toHaveBeenCalledWith(4, expect.objectContaining({ cargo: 'Analista senior', version: 3, segundo_nombre: null }));
  });

  it('asks before dropping typed data, and leaves an untouched form at once', async () => {
    const untouched = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(untouched.onLeft).toHaveBeenCalledWith(null));
    cleanup();

    const { onLeft } = renderForm();
    type(ES.nombre, 'Nora');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('¿Descartar los cambios?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(onLeft).toHaveBeenCalledWith(null));
  });
});
