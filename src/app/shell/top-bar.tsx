import { Flex, Heading, IconButton, Spacer } from '@chakra-ui/react';
import { LuMenu } from 'react-icons/lu';
import { useT } from '../../lib/i18n/use-t';
import { AccountMenu } from './account-menu';
import { GuaranteeAlerts } from '../guarantee-alerts/alert-toasts';
import { RunningJobs } from './running-jobs';

/** The shell's top bar: menu toggle, product name, running jobs and account menu (spec section 2). */
export function TopBar({ drawerOpen, onToggleDrawer }: { drawerOpen: boolean; onToggleDrawer: () => void }) {
  const t = useT();
  return (
    <Flex
      as="header"
      align="center"
      gap="2"
      px="2"
      height="topBar"
      flexShrink={0}
      bg="shell.bar"
      color="shell.barFg"
    >
      <IconButton
        variant="ghost"
        color="shell.barFg"
        _hover={{ bg: 'whiteAlpha.200' }}
        _expanded={{ bg: 'whiteAlpha.200' }}
        aria-label={t('shell.toggleMenu')}
        aria-expanded={drawerOpen}
        aria-controls="app-navigation"
        onClick={onToggleDrawer}
      >
        <LuMenu />
      </IconButton>
      <Heading as="p" size="md" truncate>
        {t('app.name')}
      </Heading>
      <Spacer />
      <GuaranteeAlerts />
      <RunningJobs />
      <AccountMenu />
    </Flex>
  );
}
