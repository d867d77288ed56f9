import { Button, Icon, Menu, Portal, Text } from '@chakra-ui/react';
import { LuBookOpen, LuCircleUser, LuLogOut, LuUserCog } from 'react-icons/lu';
import { useLocation } from 'wouter';
import { setLocale } from '../../lib/i18n/i18n';
import { isLocale, LOCALES } from '../../lib/i18n/locales';
import { useLocale } from '../../lib/i18n/use-locale';
import { useT } from '../../lib/i18n/use-t';
import { hasPermission } from '../menu/filter-menu';
import { useSession } from '../session/use-session';

/** The top bar's account menu: the user's name, the language switch and sign-out. */
export function AccountMenu() {
  const t = useT();
  const locale = useLocale();
  const { user, permissions, signOut } = useSession();
  const [, navigate] = useLocation();
  const name = user ? `${user.nombre} ${user.primer_apellido}` : '';

  function handleSignOut() {
    // The session machine revokes the tokens, clears them and the cached user; once it is signed
    // out the shell's guard sends the user to / (spec section 2). Leaving before would let a
    // reload meanwhile find the tokens still stored and sign the user in again.
    signOut();
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" color="shell.barFg" _hover={{ bg: 'whiteAlpha.200' }} _expanded={{ bg: 'whiteAlpha.200' }}>
          <Icon as={LuCircleUser} boxSize="5" />
          <Text truncate maxW={{ base: '32', md: '64' }}>
            {name}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          {/* Over a toast: the toasts show just below the top bar, where this menu opens, and
              the menu the user just opened must take their click, not a passing notification. */}
          <Menu.Content minW="52" zIndex="tooltip">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('language.label')}</Menu.ItemGroupLabel>
              <Menu.RadioItemGroup
                value={locale}
                onValueChange={(details) => {
                  if (isLocale(details.value)) setLocale(details.value);
                }}
              >
                {LOCALES.map((option) => (
                  <Menu.RadioItem key={option} value={option}>
                    <Menu.ItemText lang={option}>{t(`language.${option}`)}</Menu.ItemText>
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="my-account" onSelect={() => navigate('/mi-cuenta/')}>
              <Icon as={LuUserCog} />
              {t('menu.miCuenta')}
            </Menu.Item>
            {permissions && hasPermission(permissions, 'admin') ? (
              <Menu.Item value="api-reference" onSelect={() => navigate('/admin-usuario/referencia-api/')}>
                <Icon as={LuBookOpen} />
                {t('menu.apiReference')}
              </Menu.Item>
            ) : null}
            <Menu.Item value="sign-out" onSelect={handleSignOut}>
              <Icon as={LuLogOut} />
              {t('shell.signOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
