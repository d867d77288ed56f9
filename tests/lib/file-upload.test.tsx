// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import { ApiError } from '../../src/lib/api/api-error';
import type { StoredFile } from '../../schemas/file.schema';
import { FileUpload } from '../../src/lib/files/file-upload';
import { setLocale } from '../../src/lib/i18n/i18n';
import { renderWithApp } from '../app/helpers/render-with-app';

afterEach(() => {
  cleanup();
  setLocale('es-ES');
});

function refusal(statusCode: number, code: string) {
  return new ApiError('clientError', `Request failed with status code ${statusCode}`, { statusCode, body: { statusCode, code, message: 'refused' } });
}

async function pick(upload: (file: File) => Promise<StoredFile>) {
  const onUploaded = vi.fn();
  renderWithApp(<FileUpload labelKey="contracts.fields.archivo_firmado" value={undefined} upload={upload} onUploaded={onUploaded} onCleared={vi.fn()} />);
  await act(async () => {
    fireEvent.change(screen.getByLabelText(esES.contracts.fields.archivo_firmado), { target: { files: [new File(['%PDF-1.4'], 'grande.pdf', { type: 'application/pdf' })] } });
  });
  return onUploaded;
}

describe('file upload', () => {
  it('says in Spanish why the server refused an oversized (413) or mistyped (415) file, and keeps nothing', async () => {
    const tooLarge = await pick(() => Promise.reject(refusal(413, 'APP_ERR_FILE_TOO_LARGE')));
    expect(await screen.findByText(esES.errors.APP_ERR_FILE_TOO_LARGE)).toBeTruthy();
    expect(tooLarge).not.toHaveBeenCalled();
    cleanup();
    const mistyped = await pick(() => Promise.reject(refusal(415, 'APP_ERR_FILE_TYPE')));
    expect(await screen.findByText(esES.errors.APP_ERR_FILE_TYPE)).toBeTruthy();
    expect(mistyped).not.toHaveBeenCalled();
  });

  it('says it in English too', async () => {
    setLocale('en-US');
    const onUploaded = vi.fn();
    renderWithApp(<FileUpload labelKey="contracts.fields.archivo_firmado" value={undefined} upload={() => Promise.reject(refusal(415, 'APP_ERR_FILE_TYPE'))} onUploaded={onUploaded} onCleared={vi.fn()} />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(enUS.contracts.fields.archivo_firmado), { target: { files: [new File(['GIF89a'], 'foto.gif', { type: 'image/gif' })] } });
    });
    expect(await screen.findByText(enUS.errors.APP_ERR_FILE_TYPE)).toBeTruthy();
    expect(screen.getByText(enUS.files.choose)).toBeTruthy();
  });

  it('tells the form when an upload starts and when it ends, and hands over the stored key', async () => {
    const stored: StoredFile = { key: 'f_00000000-0000-4000-8000-000000000009', nombre: 'firmado.pdf', tipo_mime: 'application/pdf', tamano: 8, sha256: '0'.repeat(64), tipo: null, version: 1 };
    let answer: (file: StoredFile) => void = () => undefined;
    const onBusyChange = vi.fn();
    const onUploaded = vi.fn();
    renderWithApp(
      <FileUpload
        labelKey="contracts.fields.archivo_firmado"
        value={undefined}
        upload={() => new Promise((resolve) => (answer = resolve))}
        onUploaded={onUploaded}
        onCleared={vi.fn()}
        onBusyChange={onBusyChange}
      />,
    );
    expect(onBusyChange).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(screen.getByLabelText(esES.contracts.fields.archivo_firmado), { target: { files: [new File(['%PDF-1.4'], 'firmado.pdf', { type: 'application/pdf' })] } });
    });
    expect(onBusyChange.mock.calls).toEqual([[true]]);
    await act(async () => answer(stored));
    expect(onBusyChange.mock.calls).toEqual([[true], [false]]);
    expect(onUploaded).toHaveBeenCalledWith({ key: stored.key, nombre: 'firmado.pdf' }, stored);
  });
});
