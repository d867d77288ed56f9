import { Box, Button, Icon, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import { Link, useLocation } from 'wouter';
import { useT } from '../../lib/i18n/use-t';
import { isCurrentUrl } from '../menu/is-current-url';
import { MENU_ICONS } from '../menu/menu-icons';
import type { MenuItem } from '../menu/menu-tree';

interface NavTreeProps {
  items: readonly MenuItem[];
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Called after an entry is followed (the overlay drawer closes then). */
  onNavigate?: () => void;
}

/** The open drawer's menu: sections with icon and label that expand to their entries. */
export function NavTree({ items, expanded, onToggle, onNavigate }: NavTreeProps) {
  const t = useT();
  const [location] = useLocation();
  return (
    <Stack as="ul" gap="1" listStyleType="none" p="2">
      {items.map((section) => {
        const open = expanded.has(section.id);
        const listId = `nav-section-${section.id}`;
        return (
          <Box as="li" key={section.id}>
            {/* A label too long for the drawer ("Relaciones Comerciales") wraps onto a second
                line rather than being cut. */}
            <Button
              variant="ghost"
              size="sm"
              width="full"
              height="auto"
              minHeight="9"
              py="1.5"
              justifyContent="flex-start"
              whiteSpace="normal"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => onToggle(section.id)}
            >
              <Icon as={MENU_ICONS[section.fileType]} boxSize="5" />
              <Text flex="1" textAlign="start">
                {t(section.label)}
              </Text>
              <Icon as={open ? LuChevronDown : LuChevronRight} boxSize="4" />
            </Button>
            {open ? (
              <Stack as="ul" id={listId} gap="0.5" listStyleType="none" ps="9" py="1">
                {(section.children ?? []).map((entry) => (
                  <Box as="li" key={entry.id}>
                    <ChakraLink
                      asChild
                      display="block"
                      px="2"
                      py="1.5"
                      rounded="md"
                      fontSize="sm"
                      color="fg"
                      _hover={{ bg: 'brand.subtle', textDecoration: 'none' }}
                      _currentPage={{ bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' }}
                    >
                      <Link
                        href={entry.url ?? '/home'}
                        aria-current={entry.url && isCurrentUrl(entry.url, location) ? 'page' : undefined}
                        onClick={onNavigate}
                      >
                        {t(entry.label)}
                      </Link>
                    </ChakraLink>
                  </Box>
                ))}
              </Stack>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
