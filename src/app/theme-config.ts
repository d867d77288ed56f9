import { defaultBaseConfig, defineConfig, type SystemConfig } from '@chakra-ui/react';
import {
  animationStyles,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

type ThemeRecipes = Pick<NonNullable<SystemConfig['theme']>, 'recipes' | 'slotRecipes'>;

/** Responsive breakpoints of spec section 9 (px): xs 0, sm 576, md 768, lg 992, xl 1200, xxl 1400. */
export const BREAKPOINTS = {
  xs: '0px',
  sm: '576px',
  md: '768px',
  lg: '992px',
  xl: '1200px',
  xxl: '1400px',
} as const;

/** The app's own tokens over Chakra's: the brand palette, the shell's sizes and colours. */
export const appConfig = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e6f6f4' },
          100: { value: '#c0e8e3' },
          200: { value: '#96d9d0' },
          300: { value: '#6bc9bd' },
          400: { value: '#45b5a8' },
          500: { value: '#1f9c8f' },
          600: { value: '#167d73' },
          700: { value: '#0f5f58' },
          800: { value: '#09433e' },
          900: { value: '#042a27' },
          950: { value: '#021816' },
        },
      },
      sizes: {
        // Drawer widths of spec section 2 / 9: 240 open, icons only (about 64) collapsed.
        drawerOpen: { value: '240px' },
        drawerCollapsed: { value: '64px' },
        topBar: { value: '56px' },
      },
    },
    semanticTokens: {
      colors: {
        // The palette contract Chakra recipes read when `colorPalette="brand"`.
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.700}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Chakra's solid green and orange (its 600s) carry white text at 3.3:1 and 3.6:1; their
        // 700s reach 5:1, as WCAG AA asks of text (4.5:1).
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        shell: {
          bar: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.900}' } },
          barFg: { value: 'white' },
          drawer: { value: { _light: '{colors.gray.50}', _dark: '{colors.gray.900}' } },
        },
      },
    },
  },
});

/**
 * The configs of a system of the app with the given recipes: Chakra's base, its default theme's
 * tokens and styles with the spec's breakpoints (the default ones are replaced, not merged, so
 * that no other breakpoint exists), then the app's own tokens. Chakra's `defaultConfig` is not
 * used: it carries every recipe, and a system built on it could not leave any out.
 */
export function appSystemConfigs(recipes: ThemeRecipes): SystemConfig[] {
  const theme = defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints: BREAKPOINTS, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles, ...recipes },
  });
  return [defaultBaseConfig, theme, appConfig];
}
