import { Table } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

/**
 * A table's box that scrolls when the table is wider or taller than the page leaves it: the box
 * takes the keyboard focus, so the arrow keys scroll it for who has no mouse (WCAG 2.1.1), and
 * is a region named `label` (the table's own name) for a screen reader landing on it.
 */
export function ScrollTable({ label, ...props }: ComponentProps<typeof Table.ScrollArea> & { label: string }) {
  return <Table.ScrollArea tabIndex={0} role="region" aria-label={label} focusVisibleRing="inside" {...props} />;
}
