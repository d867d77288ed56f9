import { Button, Text } from '@chakra-ui/react';
import { useT } from '../i18n/use-t';
import { ErrorAlert } from '../ui/error-alert';
import type { useJobFollow } from './use-job-follow';

/** Under a followed job's log: that its live stream is reconnecting, or why it failed, with Retry. */
export function JobFollowStatus({ follow }: { follow: Pick<ReturnType<typeof useJobFollow>, 'reconnecting' | 'failure' | 'retry'> }) {
  const t = useT();
  return (
    <>
      {follow.reconnecting ? (
        <Text textStyle="sm" color="fg.muted">
          {t('jobs.progress.reconnecting')}
        </Text>
      ) : null}
      {follow.failure ? (
        <ErrorAlert messageKey={follow.failure.messageKey}>
          <Button size="xs" variant="outline" onClick={follow.retry}>
            {t('common.retry')}
          </Button>
        </ErrorAlert>
      ) : null}
    </>
  );
}
