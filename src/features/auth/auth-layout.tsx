import { Card, Flex, Heading, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/i18n/use-document-title';
import { useT } from '../../lib/i18n/use-t';

/**
 * The frame of the pages outside the shell (spec section 2): the app name over a centred card
 * headed by the page's title (`titleKey`, also on the browser tab) and its `subtitle`, if any.
 */
export function AuthLayout({ titleKey, subtitle, children }: { titleKey: string; subtitle?: string; children: ReactNode }) {
  const t = useT();
  useDocumentTitle(titleKey);
  return (
    <Flex as="main" minHeight="100vh" align="center" justify="center" bg="bg.subtle" padding="4">
      <VStack gap="6" width="full" maxWidth="md">
        <Text fontSize="2xl" fontWeight="bold">
          {t('app.name')}
        </Text>
        <Card.Root width="full" maxWidth="md">
          <Card.Header>
            <Heading as="h1" size="xl">
              {t(titleKey)}
            </Heading>
            {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </VStack>
    </Flex>
  );
}
