import { toFieldErrors, type FieldMessage, type SchemaIssue } from '../../lib/forms/field-errors';

/**
 * What is wrong with a selection, by the JSON pointer of what it concerns in the body sent
 * (`/trabajadores`, `/filas/3/pmi`, `/horas/5/precio_oferta`, `/priorizacion/nodos/1`): the
 * browser's own checks and the server's 400 details are read into the same shape, so a message
 * shows beside its field or on its row whoever found it.
 */
export type SelectionIssues = Record<string, FieldMessage>;

/** The index of the row (`filas`, `horas`) an issue's pointer names, or null. */
function rowOfPath(path: string, list: string): number | null {
  const match = new RegExp(`^/${list}/(\\d+)(/|$)`).exec(path);
  return match ? Number(match[1]) : null;
}

/** A row's problem: the field of the row it names (`pmi`, `precio_oferta`) and its message. */
interface RowProblem {
  field: string;
  message: FieldMessage;
}

/** The first problem of each row of `list` (`filas`, `horas`), by row index. */
export function rowProblems(issues: SelectionIssues, list: string): Map<number, RowProblem> {
  const rows = new Map<number, RowProblem>();
  for (const [path, message] of Object.entries(issues)) {
    const row = rowOfPath(path, list);
    if (row !== null && !rows.has(row)) rows.set(row, { field: path.split('/')[3] ?? '', message });
  }
  return rows;
}

/**
 * The server's 400 details as selection issues: a rule of ours carries its message key
 * (`processes.rules.*`) as its keyword or message; a schema issue gets the form's generic text.
 */
export function issuesFromDetails(details: readonly SchemaIssue[] | undefined): SelectionIssues {
  const issues: SelectionIssues = {};
  for (const detail of details ?? []) {
    const key = [detail.keyword, detail.message].find((text) => typeof text === 'string' && text.startsWith('processes.'));
    const path = detail.keyword === 'required' && !key ? `${detail.instancePath}/${fieldOfMissing(detail)}` : detail.instancePath;
    if (issues[path]) continue;
    issues[path] = key ? { key } : (Object.values(toFieldErrors([detail]))[0] ?? { key: 'forms.errors.invalid' });
  }
  return issues;
}

function fieldOfMissing(detail: SchemaIssue): string {
  const missing = detail.params?.missingProperty ?? /property '([^']+)'/.exec(detail.message ?? '')?.[1];
  return typeof missing === 'string' ? missing : '';
}
