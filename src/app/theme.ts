import { createSystem } from '@chakra-ui/react';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { appSystemConfigs } from './theme-config';

/** The Chakra system of the app: every component's recipe (the shell loads it; public-theme.ts). */
export const system = createSystem(...appSystemConfigs({ recipes, slotRecipes }));
