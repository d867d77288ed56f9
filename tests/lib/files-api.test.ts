// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../../server/files/names';
import { dispositionFileName } from '../../src/lib/files/save-blob';

describe('download file names', () => {
  it("reads back the name the server sends, accents included, so a download keeps the uploaded file's name", () => {
    expect(dispositionFileName(contentDisposition('attachment', 'Escritura constitución.pdf'))).toBe('Escritura constitución.pdf');
    expect(dispositionFileName('attachment; filename="anexo.png"')).toBe('anexo.png');
    expect(dispositionFileName("attachment; filename=\"x.pdf\"; filename*=UTF-8''%E0%A4%A")).toBe('x.pdf');
    expect(dispositionFileName(null)).toBeNull();
    expect(dispositionFileName('attachment')).toBeNull();
  });
});
