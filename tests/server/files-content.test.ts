// @vitest-environment node
// The pure parts of the files service: type detection by content, name sanitising, and the
// headers a download carries.
import { describe, expect, it } from 'vitest';
import { detectMimeType } from '../../server/files/detect';
import { downloadHeaders } from '../../server/files/download';
import { contentDisposition, sanitiseFileName } from '../../server/files/names';
import { isServerPath } from '../../server/plugins/spa';

const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('detectMimeType', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(detectMimeType(Buffer.from('%PDF-1.7\n%\u00e2\u00e3'))).toBe('application/pdf');
    expect(detectMimeType(PNG_HEADER)).toBe('image/png');
    expect(detectMimeType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('image/jpeg');
  });

  it('knows XML text by its declaration or its root element, a byte-order mark allowed', () => {
    expect(detectMimeType(Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<cfdi:Comprobante Version="4.0"/>'))).toBe('application/xml');
    expect(detectMimeType(Buffer.from('\ufeff<?xml version="1.0"?><dte/>'))).toBe('application/xml');
    expect(detectMimeType(Buffer.from('\n  <dte:GTDocumento xmlns:dte="http://www.sat.gob.gt/dte/fel/0.2.0">Año</dte:GTDocumento>'))).toBe('application/xml');
  });

  it('refuses HTML, text that is not UTF-8 and text with NUL characters as XML', () => {
    expect(detectMimeType(Buffer.from('<html><body>factura</body></html>'))).toBeNull();
    expect(detectMimeType(Buffer.from('<HTML lang="es">'))).toBeNull();
    expect(detectMimeType(Buffer.from('<!DOCTYPE html><p>x</p>'))).toBeNull();
    expect(detectMimeType(Buffer.from([...Buffer.from('<?xml version="1.0"?><a>'), 0xe9, ...Buffer.from('</a>')]))).toBeNull();
    expect(detectMimeType(Buffer.from('<?xml version="1.0"?><a>\u0000</a>'))).toBeNull();
    expect(detectMimeType(Buffer.from('factura <a/>'))).toBeNull();
    expect(detectMimeType(Buffer.from('< a/>'))).toBeNull();
  });

  it('refuses everything else, including look-alikes and empty content', () => {
    expect(detectMimeType(Buffer.from('<!doctype html><title>%PDF-</title>'))).toBeNull();
    expect(detectMimeType(Buffer.from(' %PDF-1.7'))).toBeNull();
    expect(detectMimeType(Buffer.from('%PDF'))).toBeNull();
    expect(detectMimeType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectMimeType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectMimeType(Buffer.alloc(0))).toBeNull();
  });
});

describe('sanitiseFileName', () => {
  it('keeps only the last path segment', () => {
    expect(sanitiseFileName('../../etc/passwd.pdf', 'application/pdf')).toBe('passwd.pdf');
    expect(sanitiseFileName('C:\\Users\\ana\\Escritura.pdf', 'application/pdf')).toBe('Escritura.pdf');
    expect(sanitiseFileName('/etc/x.png', 'image/png')).toBe('x.png');
  });

  it('drops control, quote and bidi characters and leading dots', () => {
    expect(sanitiseFileName('a\r\nb"c<d>.pdf', 'application/pdf')).toBe('abcd.pdf');
    expect(sanitiseFileName('factura\u202Efdp.exe', 'application/pdf')).toBe('facturafdp.exe.pdf');
    expect(sanitiseFileName('..pdf', 'application/pdf')).toBe('pdf.pdf');
    expect(sanitiseFileName('.hidden.png', 'image/png')).toBe('hidden.png');
  });

  it('makes the extension match the detected type', () => {
    expect(sanitiseFileName('foto', 'image/png')).toBe('foto.png');
    expect(sanitiseFileName('foto.pdf', 'image/jpeg')).toBe('foto.pdf.jpg');
    expect(sanitiseFileName('FOTO.JPEG', 'image/jpeg')).toBe('FOTO.JPEG');
    expect(sanitiseFileName('', 'application/pdf')).toBe('archivo.pdf');
    expect(sanitiseFileName('   ', 'application/pdf')).toBe('archivo.pdf');
  });

  it('keeps accents and caps the length, extension included', () => {
    expect(sanitiseFileName('Año fiscal — constitución.pdf', 'application/pdf')).toBe('Año fiscal — constitución.pdf');
    const long = sanitiseFileName(`${'x'.repeat(500)}.pdf`, 'application/pdf');
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Año (1).pdf')).toBe(
      `attachment; filename="Ano (1).pdf"; filename*=UTF-8''A%C3%B1o%20%281%29.pdf`,
    );
    expect(contentDisposition('inline', 'contrato.pdf')).toBe(`inline; filename="contrato.pdf"; filename*=UTF-8''contrato.pdf`);
  });

  it('never lets a quote, backslash or line break into the header', () => {
    const header = contentDisposition('attachment', 'a"b\\c%d.pdf');
    expect(header).toBe(`attachment; filename="abcd.pdf"; filename*=UTF-8''a%22b%5Cc%25d.pdf`);
    expect(contentDisposition('attachment', '文書.pdf')).toMatch(/^attachment; filename="archivo\.pdf"; filename\*=UTF-8''%E6/);
  });
});

describe('downloadHeaders', () => {
  const pdf = { nombre: 'anexo.pdf', tipo_mime: 'application/pdf' };

  it('is an attachment unless inline is asked for, with nosniff and no-store', () => {
    const headers = downloadHeaders(pdf, false);
    expect(headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'X-Frame-Options': 'DENY',
    });
    expect(headers['Content-Disposition']).toMatch(/^attachment; /);
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it('lets the app frame a PDF, PNG or JPEG shown inline', () => {
    for (const tipo_mime of ['application/pdf', 'image/png', 'image/jpeg']) {
      const headers = downloadHeaders({ nombre: 'x', tipo_mime }, true);
      expect(headers['Content-Disposition']).toMatch(/^inline; /);
      expect(headers['Content-Type']).toBe(tipo_mime);
      expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'self'");
      expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    }
  });

  it('serves XML under its own type, always as an attachment in a sandbox', () => {
    const headers = downloadHeaders({ nombre: 'factura.xml', tipo_mime: 'application/xml' }, true);
    expect(headers['Content-Type']).toBe('application/xml');
    expect(headers['Content-Disposition']).toMatch(/^attachment; /);
    expect(headers['Content-Security-Policy']).toContain('sandbox');
    expect(headers['X-Frame-Options']).toBe('DENY');
  });

  it('never serves any other type inline nor under its own type', () => {
    for (const tipo_mime of ['text/html', 'image/svg+xml', 'application/xhtml+xml']) {
      const headers = downloadHeaders({ nombre: 'x.html', tipo_mime }, true);
      expect(headers['Content-Disposition']).toMatch(/^attachment; /);
      expect(headers['Content-Type']).toBe('application/octet-stream');
      expect(headers['Content-Security-Policy']).toContain('sandbox');
    }
  });
});

describe('SPA fallback', () => {
  it('never answers an area API path (/<area>/api/...) with the app page', () => {
    expect(isServerPath('/files/api/v1/archivos')).toBe(true);
    expect(isServerPath('/files/api')).toBe(true);
    expect(isServerPath('/empresas/api/v1/get')).toBe(true);
    expect(isServerPath('/empresas')).toBe(false);
    expect(isServerPath('/empresas/12')).toBe(false);
    expect(isServerPath('/anexos/apidocs')).toBe(false);
  });
});
