import { Center, Spinner } from '@chakra-ui/react';
import { useT } from '../../lib/i18n/use-t';

/** Shown while a route's code chunk downloads, so a slow network does not look like a blank app. */
export function RouteFallback() {
  const t = useT();
  return (
    <Center minHeight="50vh">
      {/* A status: a name on a bare span is not announced (nor allowed). */}
      <Spinner role="status" size="lg" color="brand.solid" aria-label={t('common.loading')} />
    </Center>
  );
}
