// @vitest-environment node
// The files service through HTTP: upload limits and content checks, de-duplication, the
// catalogue, download by key only (no paths, no URLs) with safe headers, metadata updates,
// mail with attachments (outbox and SMTP), the audit rows, and who may call what.
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, FILE_TYPES } from '../../schemas/file.schema';
import { auditLog } from '../../server/db/schema/audit';
import { fileBlobs, files } from '../../server/db/schema/files';
import { mailOutbox } from '../../server/db/schema/mail';
import { seedFileTypes } from '../../server/files/catalogue';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink';
import { bearer, startTestApp, type TestApp } from './helpers';
import { multipart, type Part } from './support/multipart';

const FILER = 'archivos@test.energy'; // relaciones
const SETTLER = 'liquida@test.energy'; // liquidaciones only: another area that keeps documents
const READER = 'lector@test.energy'; // dashboard only

const UPLOAD = '/files/api/v1/once-file-updload';
const GET_FILE = '/files/api/v1/get-file';
const KEY = /^f_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-png-body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-jpeg-body')]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

let t: TestApp;
let sink: SmtpSink;
const smtpMessages: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink((mail) => smtpMessages.push(mail.data));
  t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
  // The shared-database test mode empties every table, the catalogue included.
  await seedFileTypes(t.db);
  await t.createUser({ email: FILER, permisos_x_view: ['relaciones'] });
  await t.createUser({ email: SETTLER, permisos_x_view: ['liquidaciones'] });
  await t.createUser({ email: READER, permisos_x_view: ['dashboard'] });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function as(email: string, request: InjectOptions): Promise<LightMyRequestResponse> {
  const token = await t.mintToken(email);
  return t.app.inject({ ...request, headers: { ...request.headers, ...bearer(token) } });
}

async function upload(
  content: Buffer,
  filename: string,
  options: { tipo?: string; contentType?: string; email?: string } = {},
): Promise<LightMyRequestResponse> {
  const parts: Part[] = [];
  if (options.tipo !== undefined) parts.push({ name: 'tipo', value: options.tipo });
  parts.push({ name: 'file', value: content, filename, contentType: options.contentType ?? 'application/octet-stream' });
  const body = multipart(parts);
  return as(options.email ?? FILER, { method: 'POST', url: UPLOAD, ...body });
}

function expectError(response: LightMyRequestResponse, statusCode: number, code: string) {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.json()).toMatchObject({ statusCode, code });
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function fileCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

async function auditFor(action: string, entityId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity_id, entityId)));
}

describe('upload (once-file-updload)', () => {
  it('stores a PDF, a PNG and a JPEG, detected by content, with an audit row', async () => {
    const pdf = await upload(PDF, 'Escritura constitución.pdf', { tipo: 'escritura_constitucion', contentType: 'application/pdf' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const stored = pdf.json().data;
    expect(stored).toEqual({
      key: expect.stringMatching(KEY),
      nombre: 'Escritura constitución.pdf',
      tipo_mime: 'application/pdf',
      tamano: PDF.length,
      sha256: sha256(PDF),
      tipo: 1,
      version: 1,
    });
    const [audit] = await auditFor('file.create', stored.key);
    expect(audit).toMatchObject({ actor_email: FILER, entity: 'file', after: stored });

    // The declared type is wrong on purpose: the bytes decide.
    const png = await upload(PNG, 'firma', { tipo: '6', contentType: 'application/pdf' });
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().data).toMatchObject({ tipo_mime: 'image/png', nombre: 'firma.png', tipo: 6 });

    const jpeg = await upload(JPEG, 'dpi.jpg', { email: SETTLER });
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json().data).toMatchObject({ tipo_mime: 'image/jpeg', nombre: 'dpi.jpg', tipo: null });
  });

  it('stores identical content once: two keys, one blob', async () => {
    const content = Buffer.concat([PDF, Buffer.from('% unique to the de-duplication test\n')]);
    const first = (await upload(content, 'uno.pdf')).json().data;
    const second = (await upload(content, '../../dos.pdf', { tipo: 'anexo' })).json().data;
    expect(second.key).not.toBe(first.key);
    expect(second.sha256).toBe(first.sha256);
    expect(second).toMatchObject({ nombre: 'dos.pdf', tipo: 6 });
    const blobs = await t.db.select({ n: count() }).from(fileBlobs).where(eq(fileBlobs.sha256, first.sha256));
    expect(blobs[0]?.n).toBe(1);
    const rows = await t.db.select().from(files).where(eq(files.sha256, first.sha256));
    expect(rows.map((row) => row.key).sort()).toEqual([first.key, second.key].sort());
  });

  it('refuses HTML named and declared as a PDF with 415, storing nothing', async () => {
    const before = await fileCount();
    expectError(await upload(HTML, 'factura.pdf', { contentType: 'application/pdf' }), 415, 'APP_ERR_FILE_TYPE');
    expectError(await upload(Buffer.from('GIF89a....'), 'x.png', { contentType: 'image/png' }), 415, 'APP_ERR_FILE_TYPE');
    expectError(await upload(Buffer.alloc(0), 'vacio.pdf'), 415, 'APP_ERR_FILE_TYPE');
    expect(await fileCount()).toBe(before);
  });

  it('keeps an electronic invoice as XML, known by its content, as a document of an invoice type', async () => {
    const xml = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<dte:GTDocumento Version="0.1"><dte:SAT/></dte:GTDocumento>\n');
    const response = await upload(xml, 'FEL-0001', { tipo: 'factura_energia_fisica', contentType: 'text/plain' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ tipo_mime: 'application/xml', nombre: 'FEL-0001.xml', tipo: 8 });
    const download = await as(FILER, { method: 'POST', url: `${GET_FILE}?inline=1`, payload: { url: response.json().data.key } });
    expect(download.headers['content-type']).toBe('application/xml');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('refuses an XML file over 25 MB with 413, and text that is not UTF-8 with 415', async () => {
    const before = await fileCount();
    const big = Buffer.alloc(FILE_MAX_BYTES + 1, 0x20);
    Buffer.from('<?xml version="1.0"?><a>').copy(big);
    expectError(await upload(big, 'grande.xml'), 413, 'APP_ERR_FILE_TOO_LARGE');
    expectError(await upload(Buffer.from([...Buffer.from('<factura>'), 0xff, 0xfe]), 'latin.xml'), 415, 'APP_ERR_FILE_TYPE');
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file over 25 MB with 413, storing nothing', async () => {
    const before = await fileCount();
    const big = Buffer.alloc(FILE_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    expectError(await upload(big, 'grande.pdf', { contentType: 'application/pdf' }), 413, 'APP_ERR_FILE_TOO_LARGE');
    expect(await fileCount()).toBe(before);
  });

  it('accepts a file above the 1 MiB JSON body limit', async () => {
    const content = Buffer.alloc(3 * 1024 * 1024, 0x20);
    PDF.copy(content);
    const response = await upload(content, 'mediano.pdf');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.tamano).toBe(content.length);
  });

  it('answers 400 without a file part, 400 on an unknown tipo, 415 to a JSON body', async () => {
    const onlyTipo = multipart([{ name: 'tipo', value: 'anexo' }]);
    expectError(await as(FILER, { method: 'POST', url: UPLOAD, ...onlyTipo }), 400, 'APP_ERR_FILE_MISSING');
    const otherField = multipart([{ name: 'documento', value: PDF, filename: 'a.pdf' }]);
    expectError(await as(FILER, { method: 'POST', url: UPLOAD, ...otherField }), 400, 'APP_ERR_FILE_MISSING');

    const before = await fileCount();
    const unknownTipo = await upload(PDF, 'a.pdf', { tipo: 'pasaporte' });
    expectError(unknownTipo, 400, 'APP_ERR_REQUEST_INVALID');
    expect(unknownTipo.json().details).toEqual([expect.objectContaining({ instancePath: '/tipo' })]);
    expectError(await upload(PDF, 'a.pdf', { tipo: '999' }), 400, 'APP_ERR_REQUEST_INVALID');
    expect(await fileCount()).toBe(before);

    expectError(
      await as(FILER, { method: 'POST', url: UPLOAD, payload: { file: PDF.toString('base64') } }),
      415,
      'APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('answers 413 to a second file in one request and 400 to a truncated body', async () => {
    const two = multipart([
      { name: 'file', value: PDF, filename: 'a.pdf' },
      { name: 'file', value: PNG, filename: 'b.png' },
    ]);
    expectError(await as(FILER, { method: 'POST', url: UPLOAD, ...two }), 413, 'APP_ERR_REQUEST_TOO_LARGE');
    const whole = multipart([{ name: 'file', value: PDF, filename: 'a.pdf' }]);
    const truncated = { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 30) };
    expectError(await as(FILER, { method: 'POST', url: UPLOAD, ...truncated }), 400, 'APP_ERR_REQUEST_MALFORMED');
  });
});

describe('file-type catalogue (archivos/)', () => {
  it('lists the seeded types, with and without the trailing slash', async () => {
    const response = await as(FILER, { method: 'GET', url: '/files/api/v1/archivos/' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(FILE_TYPES.map((type) => ({ ...type })));
    expect((await as(SETTLER, { method: 'GET', url: '/files/api/v1/archivos' })).json().data).toHaveLength(FILE_TYPES.length);
  });
});

describe('download (get-file)', () => {
  let pdfKey = '';
  let pngKey = '';

  beforeAll(async () => {
    pdfKey = (await upload(PDF, 'Anexo final ñ.pdf')).json().data.key;
    pngKey = (await upload(PNG, 'logo.png')).json().data.key;
  });

  it('streams the bytes as an attachment with safe headers', async () => {
    const response = await as(FILER, { method: 'POST', url: GET_FILE, payload: { url: pdfKey } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Anexo final n.pdf"; filename*=UTF-8''Anexo%20final%20%C3%B1.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers inline only when asked, and lets the app itself frame it', async () => {
    const response = await as(FILER, { method: 'POST', url: `${GET_FILE}?inline=1`, payload: { url: pdfKey } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const png = await as(SETTLER, { method: 'POST', url: `${GET_FILE}?inline=1`, payload: { url: pngKey } });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/^inline; /);
    const explicitNo = await as(FILER, { method: 'POST', url: `${GET_FILE}?inline=0`, payload: { url: pngKey } });
    expect(explicitNo.headers['content-disposition']).toMatch(/^attachment; /);
    expectError(await as(FILER, { method: 'POST', url: `${GET_FILE}?inline=yes`, payload: { url: pngKey } }), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('refuses a climbing relative path, an absolute path and an outside URL (400 on /url)', async () => {
    for (const url of [
      '../../etc/passwd',
      '../../../server/db/migrations/0000_init.sql',
      '/etc/passwd',
      'file:///etc/passwd',
      'http://evil.example/x.pdf',
      'https://169.254.169.254/latest/meta-data/',
      `${pdfKey}/../../etc/passwd`,
      `f_../../${pdfKey.slice(2)}`,
      pdfKey.toUpperCase(),
      '',
    ]) {
      const response = await as(FILER, { method: 'POST', url: GET_FILE, payload: { url } });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details, url).toEqual([expect.objectContaining({ instancePath: '/url' })]);
    }
    expectError(await as(FILER, { method: 'POST', url: GET_FILE, payload: { url: 42 } }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await as(FILER, { method: 'POST', url: GET_FILE, payload: {} }), 400, 'APP_ERR_REQUEST_INVALID');
  });

  it('answers 404 to a well-formed key nobody uploaded', async () => {
    expectError(
      await as(FILER, { method: 'POST', url: GET_FILE, payload: { url: 'f_00000000-0000-4000-8000-000000000000' } }),
      404,
      'APP_ERR_FILE_NOT_FOUND',
    );
  });
});

describe('metadata update', () => {
  it('renames (sanitised) and retypes a file with the version read, with before and after in the audit log; a stale version gets 409', async () => {
    const stored = (await upload(PDF, 'borrador.pdf')).json().data;
    const response = await as(FILER, {
      method: 'PATCH',
      url: '/files/api/v1/update',
      payload: { key: stored.key, version: 1, nombre: '../Contrato firmado', tipo: 5 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ ...stored, nombre: 'Contrato firmado.pdf', tipo: 5, version: 2 });
    const [audit] = await auditFor('file.update', stored.key);
    expect(audit).toMatchObject({ actor_email: FILER, before: stored, after: { ...stored, nombre: 'Contrato firmado.pdf', tipo: 5, version: 2 } });

    const cleared = await as(FILER, { method: 'PATCH', url: '/files/api/v1/update', payload: { key: stored.key, version: 2, tipo: null } });
    expect(cleared.json().data).toMatchObject({ tipo: null, version: 3 });
    // An edit made on what was read before those two is refused, and changes nothing.
    const stale = await as(FILER, { method: 'PATCH', url: '/files/api/v1/update', payload: { key: stored.key, version: 1, nombre: 'Otro' } });
    expectError(stale, 409, 'APP_ERR_RECORD_STALE');
    // The download uses the new name.
    const download = await as(FILER, { method: 'POST', url: GET_FILE, payload: { url: stored.key } });
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''Contrato%20firmado.pdf`);
  });

  it('answers 404 to an unknown key and 400 to bad bodies', async () => {
    const stored = (await upload(PDF, 'x.pdf')).json().data;
    expectError(
      await as(FILER, {
        method: 'PATCH',
        url: '/files/api/v1/update',
        payload: { key: 'f_00000000-0000-4000-8000-000000000000', version: 1, nombre: 'a' },
      }),
      404,
      'APP_ERR_FILE_NOT_FOUND',
    );
    for (const payload of [
      { key: stored.key, version: 1 },
      { key: stored.key, nombre: 'sin versión' },
      { key: '../etc/passwd', version: 1, nombre: 'a' },
      { key: stored.key, version: 1, nombre: '   ' },
      // A property the schema does not know is refused, not ignored.
      { key: stored.key, version: 1, tipo_mime: 'text/html' },
      { key: stored.key, version: 1, nombre: 'a.pdf', tipo_mime: 'text/html' },
    ]) {
      expectError(await as(FILER, { method: 'PATCH', url: '/files/api/v1/update', payload }), 400, 'APP_ERR_REQUEST_INVALID');
    }
    const badTipo = await as(FILER, { method: 'PATCH', url: '/files/api/v1/update', payload: { key: stored.key, version: 1, tipo: 999 } });
    expectError(badTipo, 400, 'APP_ERR_REQUEST_INVALID');
    expect(badTipo.json().details).toEqual([expect.objectContaining({ instancePath: '/tipo' })]);
  });
});

describe('send-mail', () => {
  it('writes an outbox row with the attachment keys, audits it and delivers it by SMTP with the files', async () => {
    const attached = (await upload(PDF, 'estado de cuenta.pdf')).json().data;
    const response = await as(FILER, {
      method: 'POST',
      url: '/files/api/v1/send-mail',
      payload: {
        to: ['Cliente@Example.com', 'otro@example.com'],
        subject: 'Estado de cuenta',
        text: 'Adjuntamos el estado de cuenta.',
        attachments: [attached.key],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json().data;
    expect(sent).toEqual({
      id: expect.any(Number),
      to: ['cliente@example.com', 'otro@example.com'],
      subject: 'Estado de cuenta',
      attachments: [attached.key],
    });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
    expect(row).toMatchObject({
      to: 'cliente@example.com, otro@example.com',
      subject: 'Estado de cuenta',
      body: 'Adjuntamos el estado de cuenta.',
      attachments: [attached.key],
    });
    const [audit] = await auditFor('mail.send', String(sent.id));
    expect(audit).toMatchObject({ actor_email: FILER, entity: 'mail', after: sent });

    // Delivery runs after the answer: wait (bounded) for the row to be marked sent.
    let delivered = row;
    for (let attempt = 0; attempt < 100 && !delivered?.sent_at && !delivered?.error; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [delivered] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, sent.id));
    }
    expect(delivered?.error ?? null).toBeNull();
    expect(delivered?.sent_at).toBeInstanceOf(Date);
    const message = smtpMessages.find((text) => text.includes('Subject: Estado de cuenta'));
    expect(message).toBeDefined();
    expect(message).toContain('Content-Type: application/pdf; name="estado de cuenta.pdf"');
    expect(message).toContain(PDF.toString('base64').slice(0, 40));
  });

  it('refuses unknown attachments (per-index details) and bad addresses, writing nothing', async () => {
    const [{ n: before } = { n: 0 }] = await t.db.select({ n: count() }).from(mailOutbox);
    const stored = (await upload(PNG, 'a.png')).json().data;
    const unknown = await as(FILER, {
      method: 'POST',
      url: '/files/api/v1/send-mail',
      payload: { to: ['a@example.com'], subject: 'x', text: 'y', attachments: [stored.key, 'f_00000000-0000-4000-8000-000000000000'] },
    });
    expectError(unknown, 400, 'APP_ERR_REQUEST_INVALID');
    expect(unknown.json().details).toEqual([expect.objectContaining({ instancePath: '/attachments/1' })]);
    for (const payload of [
      { to: ['no-es-correo'], subject: 'x', text: 'y' },
      { to: [], subject: 'x', text: 'y' },
      { to: ['a@example.com'], subject: '', text: 'y' },
      { to: ['a@example.com'], subject: 'x', text: 'y', attachments: ['/etc/passwd'] },
    ]) {
      expectError(await as(FILER, { method: 'POST', url: '/files/api/v1/send-mail', payload }), 400, 'APP_ERR_REQUEST_INVALID');
    }
    const [{ n: after } = { n: 0 }] = await t.db.select({ n: count() }).from(mailOutbox);
    expect(after).toBe(before);
  });
});

describe('who may call the files service', () => {
  const routes: InjectOptions[] = [
    { method: 'GET', url: '/files/api/v1/archivos/' },
    { method: 'POST', url: GET_FILE, payload: { url: 'f_00000000-0000-4000-8000-000000000000' } },
    { method: 'PATCH', url: '/files/api/v1/update', payload: { key: 'f_00000000-0000-4000-8000-000000000000', version: 1, nombre: 'a' } },
    { method: 'POST', url: '/files/api/v1/send-mail', payload: { to: ['a@example.com'], subject: 'x', text: 'y' } },
    { method: 'POST', url: UPLOAD, ...multipart([{ name: 'file', value: PDF, filename: 'a.pdf' }]) },
  ];

  it('answers 401 without a token and 403 without one of the document view keys, before reading the body', async () => {
    const before = await fileCount();
    for (const route of routes) {
      expectError(await t.app.inject(route), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
      expectError(await as(READER, route), 403, 'APP_ERR_AUTH_FORBIDDEN');
    }
    expect(await fileCount()).toBe(before);
  });
});
