import { createSystem } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  spinnerRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { appSystemConfigs } from './theme-config';

/** The recipes of the components the pages outside the shell, the route fallback and the toaster render. */
export const PUBLIC_RECIPES = {
  recipes: { button: buttonRecipe, heading: headingRecipe, icon: iconRecipe, input: inputRecipe, link: linkRecipe, spinner: spinnerRecipe },
  slotRecipes: { alert: alertSlotRecipe, card: cardSlotRecipe, field: fieldSlotRecipe, list: listSlotRecipe, toast: toastSlotRecipe },
};

/**
 * The Chakra system of the pages outside the shell (sign-in, forgot password), the route
 * fallback and the toaster: the app's system (theme.ts) with the same tokens, breakpoints and
 * global styles, but only the recipes those pages render. Chakra's default theme carries every
 * component's recipe (about 20 KB gzip); the shell loads its own system (shell-theme.ts), any
 * other page the app's whole one (chakra-system.ts). tests/app/chakra-systems.test.ts fails when
 * a public page imports a component whose recipe is missing here.
 */
export const publicSystem = createSystem(...appSystemConfigs(PUBLIC_RECIPES));
