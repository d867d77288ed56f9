import { registraProblems, subeProblems } from '../../../machines/processes/selection-rules';
import type { RegistraRunBody, SubeRunBody } from '../../../schemas/process.schema';
import { issuesFromDetails, type SelectionIssues } from './selection-issues';

/**
 * The selection rules of spec section 5 as the browser checks them before it asks for a run:
 * the server's own functions (machines/processes/selection-rules.ts), without the facts only
 * the database knows, read as the server's 400 details are, so a rule reads the same whoever
 * found it broken.
 */
export const registraIssues = (body: RegistraRunBody): SelectionIssues => issuesFromDetails(registraProblems(body));

export const subeIssues = (body: SubeRunBody): SelectionIssues => issuesFromDetails(subeProblems(body));
