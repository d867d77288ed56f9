import { Alert } from '@chakra-ui/react';
import type { Failure } from '../../lib/api/read-failure';
import { useFieldMessageText } from '../../lib/forms/form-field';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import type { SelectionIssues } from './selection-issues';

/**
 * Above the Start button: why the run cannot start yet (how many problems, and the list's own
 * message: nothing selected), or the server's refusal that names no field.
 */
export function SelectionProblems({ issues, listPath, count, failure }: { issues: SelectionIssues; listPath: string; count: number; failure: Failure | null }) {
  const t = useT();
  const messageText = useFieldMessageText();
  const listIssue = issues[listPath];
  if (count > 0) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('processes.selection.problems', { n: count })}</Alert.Title>
          {listIssue ? <Alert.Description>{messageText(listIssue, 'processes.selection.rows')}</Alert.Description> : null}
        </Alert.Content>
      </Alert.Root>
    );
  }
  return failure ? <ErrorAlert messageKey={failure.messageKey} /> : null;
}
