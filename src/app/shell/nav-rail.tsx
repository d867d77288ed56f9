import { Box, IconButton, Icon, Menu, Portal, Stack } from '@chakra-ui/react';
import { useLocation } from 'wouter';
import { useT } from '../../lib/i18n/use-t';
import { isCurrentUrl } from '../menu/is-current-url';
import { MENU_ICONS } from '../menu/menu-icons';
import type { MenuItem } from '../menu/menu-tree';

/**
 * The collapsed drawer's menu: one icon per section; a section opens a popup with its entries
 * and choosing one navigates (spec section 2).
 */
export function NavRail({ items }: { items: readonly MenuItem[] }) {
  const t = useT();
  const [location, navigate] = useLocation();
  return (
    <Stack as="ul" gap="1" listStyleType="none" p="2" align="center">
      {items.map((section) => (
        <Box as="li" key={section.id}>
          <Menu.Root positioning={{ placement: 'right-start', gutter: 8 }}>
            <Menu.Trigger asChild>
              <IconButton
                variant="ghost"
                aria-label={t(section.label)}
                title={t(section.label)}
                // Marks the section of the page shown, as the open drawer does with its entry.
                data-current={
                  section.children?.some((entry) => entry.url !== undefined && isCurrentUrl(entry.url, location))
                    ? ''
                    : undefined
                }
                css={{ '&[data-current]': { bg: 'brand.muted', color: 'brand.fg' } }}
              >
                <Icon as={MENU_ICONS[section.fileType]} boxSize="5" />
              </IconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="48">
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel>{t(section.label)}</Menu.ItemGroupLabel>
                    {(section.children ?? []).map((entry) => (
                      <Menu.Item
                        key={entry.id}
                        value={entry.id}
                        onSelect={() => {
                          if (entry.url) navigate(entry.url);
                        }}
                      >
                        {t(entry.label)}
                      </Menu.Item>
                    ))}
                  </Menu.ItemGroup>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Box>
      ))}
    </Stack>
  );
}
