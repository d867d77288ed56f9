import { useEffect } from 'react';
import { Heading } from '@chakra-ui/react';
import { useT } from '../../lib/i18n/use-t';

/** The page title header of the shell (spec section 2); also names the browser tab. */
export function PageHeader({ titleKey }: { titleKey: string }) {
  const t = useT();
  const title = t(titleKey);
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <Heading as="h1" size="2xl" mb="6" color="fg">
      {title}
    </Heading>
  );
}
