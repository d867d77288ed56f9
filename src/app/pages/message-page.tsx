import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { useT } from '../../lib/i18n/use-t';
import { PageHeader } from './page-header';

/** A page that explains why nothing else is shown and offers the way back to /home. */
export function MessagePage({ keyPrefix }: { keyPrefix: 'noAuthorized' | 'notFound' }) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <Stack gap="4" align="flex-start" maxW="xl">
      <PageHeader titleKey={`${keyPrefix}.title`} />
      <Heading as="h2" size="lg">
        {t(`${keyPrefix}.heading`)}
      </Heading>
      <Text color="fg.muted">{t(`${keyPrefix}.text`)}</Text>
      <Button colorPalette="brand" onClick={() => navigate('~/home')}>
        {t(`${keyPrefix}.back`)}
      </Button>
    </Stack>
  );
}
