import type { MarketDataProblem } from '../../../schemas/market-data.schema';
import { ApiError } from '../api/api-error';
import { apiData } from '../api/client';

/** What an import came to: stored (what the call answered), or refused with every problem of the file. */
export type TableImportOutcome<Stored, Problem = MarketDataProblem> = ({ outcome: 'stored' } & Stored) | { outcome: 'refused'; problems: Problem[] };

interface ImportOptions {
  /** Sent before the file (the server reads the stream in order). */
  fields?: Record<string, string>;
  /** The refusal whose details are the file's problems: a market-data file's unless said. */
  refusedCode?: string;
}

/**
 * Uploads a CSV or workbook to an import call (`path`). A file with problems is an answer of its
 * own (the page lists them), not a failure: the refusal's details are always the file's
 * problems. Any other refusal throws as every call does. A file over `maxBytes` is refused here
 * already, with the server's own code, saving the upload.
 */
export async function importTableFile<Stored extends object, Problem = MarketDataProblem>(
  path: string,
  file: File,
  maxBytes: number,
  { fields = {}, refusedCode = 'APP_ERR_MARKET_DATA_INVALID' }: ImportOptions = {},
): Promise<TableImportOutcome<Stored, Problem>> {
  if (file.size > maxBytes) {
    throw new ApiError('clientError', 'File too large', {
      statusCode: 413,
      body: { statusCode: 413, code: 'APP_ERR_REQUEST_TOO_LARGE', message: 'The request body is too large' },
    });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  try {
    return { outcome: 'stored', ...(await apiData<Stored>({ method: 'POST', path, body: form })) };
  } catch (error) {
    if (error instanceof ApiError && error.code === refusedCode) return { outcome: 'refused', problems: (error.body?.details ?? []) as unknown as Problem[] };
    throw error;
  }
}
