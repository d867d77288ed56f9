// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme';

describe('theme', () => {
  it('has exactly the responsive breakpoints of spec section 9', () => {
    const mins = Object.fromEntries(system.breakpoints.values.map((entry) => [entry.name, entry.min]));
    // Chakra stores them in rem (16 px): 576 px = 36rem, 1400 px = 87.5rem.
    expect(mins).toEqual({ xs: '0rem', sm: '36rem', md: '48rem', lg: '62rem', xl: '75rem', xxl: '87.5rem' });
  });

  it('sizes the drawer 240 px open and 64 px collapsed', () => {
    expect(system.token('sizes.drawerOpen')).toBe('240px');
    expect(system.token('sizes.drawerCollapsed')).toBe('64px');
  });
});
