import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A failure shown above what it concerns (a page that did not load, a refused save or delete):
 * its translated message (a `Failure.messageKey`) and, under it, what the user can do next.
 */
export function ErrorAlert({ messageKey, children }: { messageKey: string; children?: ReactNode }) {
  const t = useT();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(messageKey)}</Alert.Title>
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
