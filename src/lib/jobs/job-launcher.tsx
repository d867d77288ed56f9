import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import type { Job } from '../../../schemas/job.schema';
import type { Failure } from '../api/read-failure';
import { useT } from '../i18n/use-t';
import { ErrorAlert } from '../ui/error-alert';
import { useConfirmedAction } from '../ui/use-confirmed-action';
import { JobProgress } from './job-progress';
import { announceJobStarted } from './running-jobs-store';

/**
 * A page's job that starts after a question (a refresh, an update: spec section 8 asks first):
 * `perform` starts it once confirmed; the job it answers is followed on the page and announced
 * to the top bar. `ask(subject)` opens the question, `dialog` gives the ConfirmDialog its props.
 */
export function useJobLauncher<S>(perform: (subject: S) => Promise<Job>) {
  const [job, setJob] = useState<Job | null>(null);
  const action = useConfirmedAction(perform, (started) => {
    setJob(started);
    announceJobStarted();
  });
  return { job, ask: action.ask, subject: action.subject, failure: action.failure, dialog: action.dialog };
}

/**
 * The section a job is launched from: its title, what it does, its buttons (`actions`), a
 * refusal to start, the job followed live, and its question (`dialog`, a ConfirmDialog).
 */
export function JobLauncherSection({
  titleKey,
  introKey,
  actions,
  failure,
  job,
  dialog,
}: {
  titleKey: string;
  introKey: string;
  actions: ReactNode;
  failure: Failure | null;
  job: Job | null;
  dialog: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <Box as="section" aria-labelledby={titleId} borderWidth="1px" borderRadius="l2" p="4">
      <Stack gap="3">
        <Heading as="h2" size="sm" id={titleId}>
          {t(titleKey)}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t(introKey)}
        </Text>
        <HStack gap="2" wrap="wrap">
          {actions}
        </HStack>
        {failure ? <ErrorAlert messageKey={failure.messageKey} /> : null}
        {/* A new job, a new follower: its key drops the previous job's stream. */}
        {job ? <JobProgress key={job.id} job={job} /> : null}
      </Stack>
      {dialog}
    </Box>
  );
}
