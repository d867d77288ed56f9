// Setup a spec needs but does not test, done through the product's own API as the signed-in
// user of the page (the identity client keeps the session's tokens in localStorage).
import type { Page } from '@playwright/test';

export interface ApiAnswer {
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
