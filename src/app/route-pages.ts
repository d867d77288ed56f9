import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The page content of a menu entry, by its url, each in its own chunk. An entry without a page
 * here shows only its title header until the issue that builds its area adds the page.
 */
export const ROUTE_PAGES: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/home': lazy(() => import('../features/home/home-page')),
};
