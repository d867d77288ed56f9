import { Heading } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/i18n/use-document-title';
import { useT } from '../../lib/i18n/use-t';

/** The page title header of the shell (spec section 2); also names the browser tab. */
export function PageHeader({ titleKey }: { titleKey: string }) {
  const t = useT();
  useDocumentTitle(titleKey);
  return (
    <Heading as="h1" size="2xl" mb="6" color="fg">
      {t(titleKey)}
    </Heading>
  );
}
