import { createSystem } from '@chakra-ui/react';
import { badgeRecipe, drawerSlotRecipe, menuSlotRecipe, popoverSlotRecipe } from '@chakra-ui/react/theme';
import { PUBLIC_RECIPES } from './public-theme';
import { appSystemConfigs } from './theme-config';

/**
 * The Chakra system of the shell and Home: the public one's recipes (public-theme.ts) and those
 * of the shell's drawer, menus and pop-overs and Home's cards. Loaded with the shell; any other
 * page loads the app's whole system (theme.ts). tests/app/chakra-systems.test.ts fails when the
 * shell or Home imports a component whose recipe is missing here.
 */
export const shellSystem = createSystem(
  ...appSystemConfigs({
    recipes: { ...PUBLIC_RECIPES.recipes, badge: badgeRecipe },
    slotRecipes: { ...PUBLIC_RECIPES.slotRecipes, drawer: drawerSlotRecipe, menu: menuSlotRecipe, popover: popoverSlotRecipe },
  }),
);
