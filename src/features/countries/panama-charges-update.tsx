import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Job } from '../../../schemas/job.schema';
import { useT } from '../../lib/i18n/use-t';
import { JobProgress } from '../../lib/jobs/job-progress';
import { announceJobStarted } from '../../lib/jobs/running-jobs-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { updatePanamaCharges } from './countries-api';

/**
 * Panama's "Update charges" (spec sections 2 and 8): asks first (it takes a few minutes, spec
 * section 9), then follows the job live (it recomputes the open settlements the charges
 * changed since the last run touch) and tells the top bar a job runs. The page offers it only
 * to who may compute settlements (the Settlements `create` action the server demands).
 */
export function PanamaChargesUpdate() {
  const t = useT();
  const [job, setJob] = useState<Job | null>(null);
  const update = useConfirmedAction(
    (_country: 'panama') => updatePanamaCharges(),
    (started) => {
      setJob(started);
      announceJobStarted();
    },
  );
  return (
    <Box as="section" aria-labelledby="charges-update-title" borderWidth="1px" borderRadius="l2" p="4">
      <Stack gap="3">
        <Heading as="h2" size="sm" id="charges-update-title">
          {t('charges.update.title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('charges.update.intro')}
        </Text>
        <HStack>
          <Button size="sm" colorPalette="blue" onClick={() => update.ask('panama')}>
            {t('charges.update.button')}
          </Button>
        </HStack>
        {update.failure ? <ErrorAlert messageKey={update.failure.messageKey} /> : null}
        {/* A new job, a new follower: its key drops the previous job's stream. */}
        {job ? <JobProgress key={job.id} job={job} /> : null}
      </Stack>
      <ConfirmDialog titleKey="charges.update.confirm.title" textKey="charges.update.confirm.text" confirmKey="charges.update.confirm.button" tone="primary" {...update.dialog} />
    </Box>
  );
}
