// Setup a spec needs but does not test, done through the product's own API as the signed-in
// user of the page (the identity client keeps the session's tokens in localStorage).
import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, type Account, type App } from './fixtures';

interface ApiAnswer {
  status: number;
  body: { data?: Record<string, unknown> } & Record<string, unknown>;
}

/** A JSON call with the page user's id token. */
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const tokenKey = Object.keys(localStorage).find((key) => key.endsWith('.idToken'));
      const token = tokenKey ? localStorage.getItem(tokenKey) : null;
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

/** Uploads a small real PDF as the page user and answers its file key. */
export async function uploadPdf(page: Page, name: string): Promise<string> {
  return page.evaluate(async (name) => {
    const tokenKey = Object.keys(localStorage).find((key) => key.endsWith('.idToken'));
    const token = tokenKey ? localStorage.getItem(tokenKey) : null;
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'], { type: 'application/pdf' }), name);
    const response = await fetch('/files/api/v1/once-file-updload', { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {}, body: form });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
    return ((await response.json()) as { data: { key: string } }).data.key;
  }, name);
}

/** What a fresh account is made of: a demo role (by name), its view keys and a name. */
interface FreshAccount {
  role: string;
  views: string[];
  nombre: string;
  primer_apellido: string;
  cargo: string;
}

/**
 * A new account (`<prefix>.<stamp>@demo.energy`, the demo password) with a demo role, created
 * by the administrator through the API: the admin signs in and out again. A spec that signs in
 * as an analyst uses one of these, since the demo analyst's password belongs to the
 * forgot-password spec.
 */
export async function createAccount(app: App, page: Page, prefix: string, account: FreshAccount): Promise<Account> {
  const email = `${prefix}.${String(Date.now()).slice(-8)}@demo.energy`;
  await app.signIn(ACCOUNTS.admin);
  const roles = await callApi(page, 'GET', '/api/v2/roles');
  const role = (roles.body.data as unknown as Array<{ id: number; nombre: string }>).find((item) => item.nombre === account.role);
  const created = await callApi(page, 'POST', '/api/v2/create-user', {
    nombre: account.nombre,
    primer_apellido: account.primer_apellido,
    segundo_apellido: 'Prueba',
    email,
    telefono: '+502 2222 0000',
    cargo: account.cargo,
    pais: 'GT',
    rol_id: role?.id,
    password: DEMO_PASSWORD,
    permisos_x_view: account.views,
  });
  if (created.status !== 201) throw new Error(`create-user answered ${created.status}: ${JSON.stringify(created.body)}`);
  await app.signOut(ACCOUNTS.admin);
  return { email, name: `${account.nombre} ${account.primer_apellido}` };
}
