import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Job } from '../../../schemas/job.schema';
import { hasPermission } from '../../app/menu/filter-menu';
import { usePageActions } from '../../app/session/use-page-actions';
import { useSession } from '../../app/session/use-session';
import { useT } from '../../lib/i18n/use-t';
import { JobProgress } from '../../lib/jobs/job-progress';
import { announceJobStarted } from '../../lib/jobs/running-jobs-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { useConfirmedAction } from '../../lib/ui/use-confirmed-action';
import { refreshSettlements, type SettlementRefreshKind } from './annexes-api';

const CONFIRM_KEYS: Record<SettlementRefreshKind, { title: string; text: string }> = {
  energia: { title: 'annexes.refresh.confirm.energia.title', text: 'annexes.refresh.confirm.energia.text' },
  potencia: { title: 'annexes.refresh.confirm.potencia.title', text: 'annexes.refresh.confirm.potencia.text' },
};

/**
 * The annex page's two refresh buttons (spec section 2): each asks first (it takes a few
 * minutes, spec section 9), then shows the refresh job live and tells the top bar a job runs.
 * Shown only to who may recompute settlements: the `liquidaciones` view key and the role's
 * Settlements `create` action, as the server demands.
 */
export function SettlementRefresh() {
  const t = useT();
  const { permissions } = useSession();
  const { create } = usePageActions('Settlements');
  const [job, setJob] = useState<Job | null>(null);
  const refresh = useConfirmedAction(
    (kind: SettlementRefreshKind) => refreshSettlements(kind),
    (started) => {
      setJob(started);
      announceJobStarted();
    },
  );

  if (!create || !hasPermission(permissions ?? [], 'liquidaciones')) return null;
  const asked = refresh.subject ?? 'energia';
  return (
    <Box as="section" aria-labelledby="settlement-refresh-title" borderWidth="1px" borderRadius="l2" p="4">
      <Stack gap="3">
        <Heading as="h2" size="sm" id="settlement-refresh-title">
          {t('annexes.refresh.title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t('annexes.refresh.intro')}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="blue" onClick={() => refresh.ask('energia')}>
            {t('annexes.refresh.energy')}
          </Button>
          <Button size="sm" colorPalette="blue" variant="outline" onClick={() => refresh.ask('potencia')}>
            {t('annexes.refresh.power')}
          </Button>
        </HStack>
        {refresh.failure ? <ErrorAlert messageKey={refresh.failure.messageKey} /> : null}
        {/* A new job, a new follower: its key drops the previous job's stream. */}
        {job ? <JobProgress key={job.id} job={job} /> : null}
      </Stack>
      <ConfirmDialog titleKey={CONFIRM_KEYS[asked].title} textKey={CONFIRM_KEYS[asked].text} confirmKey="annexes.refresh.confirmButton" tone="primary" {...refresh.dialog} />
    </Box>
  );
}
