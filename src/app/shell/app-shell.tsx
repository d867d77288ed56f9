import { useCallback, useState, type ReactNode } from 'react';
import { Box, Drawer, Flex, Portal, useBreakpointValue } from '@chakra-ui/react';
import { useSelector } from '@xstate/store-react';
import { useLocation } from 'wouter';
import { useT } from '../../lib/i18n/use-t';
import { isCurrentUrl } from '../menu/is-current-url';
import { DEFAULT_EXPANDED_IDS, MENU_TREE, type MenuItem } from '../menu/menu-tree';
import { useVisibleMenu } from '../menu/use-visible-menu';
import { createDrawerStore } from './drawer-store';
import { NavRail } from './nav-rail';
import { NavTree } from './nav-tree';
import { TopBar } from './top-bar';

function sectionIdsOf(location: string): string[] {
  return MENU_TREE.filter((section) =>
    (section.children ?? []).some((entry) => entry.url !== undefined && isCurrentUrl(entry.url, location)),
  ).map((section) => section.id);
}

/**
 * The frame around every signed-in page (spec section 2): top bar, left drawer (240 px open,
 * icons only collapsed; an overlay below the md breakpoint) and the page area.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  const menu = useVisibleMenu();
  // Below md the drawer overlays the page instead of pushing it (spec section 9 breakpoints).
  const overlay = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [drawer] = useState(createDrawerStore);
  const pinnedOpen = useSelector(drawer, (snapshot) => snapshot.context.open);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [location] = useLocation();
  // Besides the spec's defaults, open the section of the page the user arrived on.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set([...DEFAULT_EXPANDED_IDS, ...sectionIdsOf(location)]),
  );

  const toggleSection = useCallback((id: string) => {
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const drawerOpen = overlay ? overlayOpen : pinnedOpen;
  const toggleDrawer = () => (overlay ? setOverlayOpen((open) => !open) : drawer.trigger.toggled());
  const tree = (items: readonly MenuItem[], onNavigate?: () => void) => (
    <NavTree items={items} expanded={expanded} onToggle={toggleSection} onNavigate={onNavigate} />
  );

  return (
    <Flex direction="column" height="100dvh">
      <TopBar drawerOpen={drawerOpen} onToggleDrawer={toggleDrawer} />
      <Flex flex="1" minHeight="0">
        {overlay ? (
          // The content's id goes through `ids`: the dialog finds its content by that id to hold
          // the focus in it and close on Escape (an `id` on Drawer.Content broke both).
          <Drawer.Root ids={{ content: 'app-navigation' }} open={overlayOpen} onOpenChange={(details) => setOverlayOpen(details.open)} placement="start">
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxWidth="drawerOpen" bg="shell.drawer">
                  <Drawer.Header py="3">
                    <Drawer.Title fontSize="md">{t('app.name')}</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body p="0">
                    <nav aria-label={t('shell.navigation')}>
                      {menu ? tree(menu, () => setOverlayOpen(false)) : null}
                    </nav>
                  </Drawer.Body>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        ) : (
          <Box
            as="nav"
            id="app-navigation"
            aria-label={t('shell.navigation')}
            data-state={pinnedOpen ? 'open' : 'collapsed'}
            width={pinnedOpen ? 'drawerOpen' : 'drawerCollapsed'}
            flexShrink={0}
            overflowY="auto"
            overflowX="hidden"
            bg="shell.drawer"
            borderEndWidth="1px"
            transition="width 300ms"
          >
            {menu ? (pinnedOpen ? tree(menu) : <NavRail items={menu} />) : null}
          </Box>
        )}
        <Box as="main" flex="1" minWidth="0" overflowY="auto" p={{ base: '4', md: '6' }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
