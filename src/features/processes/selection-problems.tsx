import { Alert, Button, HStack } from '@chakra-ui/react';
import type { Failure } from '../../lib/api/read-failure';
import { useFieldMessageText } from '../../lib/forms/form-field';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { RunOptionsFields, type RunOptions } from './run-options';
import type { SelectionIssues } from './selection-issues';

/**
 * Above the Start button: why the run cannot start yet (how many problems, and the list's own
 * message: nothing selected), or the server's refusal that names no field.
 */
function SelectionProblems({ issues, listPath, count, failure }: { issues: SelectionIssues; listPath: string; count: number; failure: Failure | null }) {
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

/** What the end of a selection step needs of its selection (use-selection.ts). */
interface StartingSelection {
  changeAll: (patch: Partial<RunOptions>) => void;
  failure: Failure | null;
  busy: boolean;
  submit: () => void;
}

/**
 * The end of both robots' selection steps: the run's site, workers and retries, why it cannot
 * start yet, and Start (`disabled` while there is nothing to select from).
 */
export function SelectionStart({
  selection,
  options,
  issues,
  listPath,
  count,
  disabled,
}: {
  selection: StartingSelection;
  options: RunOptions;
  issues: SelectionIssues;
  listPath: string;
  count: number;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <>
      <RunOptionsFields value={options} onChange={selection.changeAll} issues={issues} />
      <SelectionProblems issues={issues} listPath={listPath} count={count} failure={selection.failure} />
      <HStack>
        <Button colorPalette="blue" loading={selection.busy} disabled={disabled} onClick={selection.submit}>
          {t('processes.selection.start')}
        </Button>
      </HStack>
    </>
  );
}
