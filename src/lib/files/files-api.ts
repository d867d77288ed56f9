import { FILE_MAX_BYTES, type StoredFile } from '../../../schemas/file.schema';
import { ApiError } from '../api/api-error';
import { api, apiData, type ApiRequest } from '../api/client';
import { dispositionFileName, saveBlob } from './save-blob';

/**
 * The files service of the browser (spec section 7, Files): upload one file, fetch a stored
 * file by its key. Entities keep keys only; the bytes come back through `get-file` with the
 * bearer token, never from a public URL.
 */

const FILES = '/files/api/v1';

/**
 * Uploads one file (`once-file-updload`, the spec's spelling) with its catalogue type. A file
 * over the cap is refused here already, with the server's own error code, saving the upload.
 */
export async function uploadFile(file: File, tipo?: number): Promise<StoredFile> {
  if (file.size > FILE_MAX_BYTES) {
    throw new ApiError('clientError', 'File too large', {
      statusCode: 413,
      body: { statusCode: 413, code: 'APP_ERR_FILE_TOO_LARGE', message: 'The file is larger than 25 MB' },
    });
  }
  const form = new FormData();
  // Fields before the file: the server reads the stream in order.
  if (tipo !== undefined) form.append('tipo', String(tipo));
  form.append('file', file, file.name);
  return apiData<StoredFile>({ method: 'POST', path: `${FILES}/once-file-updload`, body: form });
}

/** A stored file's bytes and headers (`get-file` with `{ url: key }`); `inline` asks for a viewable PDF/image. */
function requestFile(key: string, options: { inline?: boolean; signal?: AbortSignal }) {
  return api.raw<Blob>({
    method: 'POST',
    path: `${FILES}/get-file`,
    query: options.inline ? { inline: 1 } : undefined,
    body: { url: key },
    responseType: 'blob',
    signal: options.signal,
  });
}

/** A stored file's bytes (`inline`: as the app shows a PDF or image in the page). */
export async function fetchFile(key: string, options: { inline?: boolean; signal?: AbortSignal } = {}): Promise<Blob> {
  return (await requestFile(key, options)).data;
}

/** Saves a stored file to the user's disk under the name it was uploaded with (else `fallbackName`). */
export async function downloadFile(key: string, fallbackName: string): Promise<void> {
  const { data, headers } = await requestFile(key, {});
  saveBlob(data, dispositionFileName(headers.get('content-disposition')) ?? fallbackName);
}

/** Saves a file the server writes as it answers (a workbook, a PDF) under the server's file name, else `fallbackName`. */
export async function saveGeneratedFile(request: Omit<ApiRequest, 'responseType'>, fallbackName: string): Promise<void> {
  const { data, headers } = await api.raw<Blob>({ ...request, responseType: 'blob' });
  saveBlob(data, dispositionFileName(headers.get('content-disposition')) ?? fallbackName);
}
