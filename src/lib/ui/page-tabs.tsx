import { Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Tabs whose choice the page keeps (in the URL) and draws itself below them: the triggers, and
 * one panel holding `children`, the chosen tab's. Each trigger thus controls a panel that
 * exists, as a screen reader announces it (a tab list over loose content points at nothing).
 */
export function PageTabs({
  value,
  tabs,
  onChange,
  gap = '5',
  children,
}: {
  value: string;
  /** Each tab's value and its label, already translated. */
  tabs: ReadonlyArray<readonly [value: string, label: string]>;
  onChange: (value: string) => void;
  /** The space between the tabs and the panel: the page's own gap between its parts. */
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Tabs.Root value={value} onValueChange={(details) => onChange(details.value)}>
      <Tabs.List>
        {tabs.map(([tab, label]) => (
          <Tabs.Trigger key={tab} value={tab}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={value} paddingTop={gap}>
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
