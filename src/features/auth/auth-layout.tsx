import { Flex, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/i18n/use-document-title';
import { useT } from '../../lib/i18n/use-t';

/**
 * The frame of the pages outside the shell (spec section 2): the app name over a centred card,
 * and the page's title (`titleKey`) on the browser tab.
 */
export function AuthLayout({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const t = useT();
  useDocumentTitle(titleKey);
  return (
    <Flex as="main" minHeight="100vh" align="center" justify="center" bg="bg.subtle" padding="4">
      <VStack gap="6" width="full" maxWidth="md">
        <Text fontSize="2xl" fontWeight="bold">
          {t('app.name')}
        </Text>
        {children}
      </VStack>
    </Flex>
  );
}
