import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface FooterTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The footer's tab set (WAI-ARIA APG, "Tabs", through Radix: a tablist, arrow keys move between
 * tabs, a click or the keys switch the shown panel, only the active tab in the Tab order).
 */
export function FooterTabs({ tabs, label }: { tabs: readonly FooterTab[]; label: string }) {
  const first = tabs[0];
  if (!first) return null;
  return (
    <Tabs.Root className="theme-tabs" defaultValue={first.value}>
      <Tabs.List className="theme-tabs__list" aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} className="theme-tabs__tab" value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} className="theme-tabs__panel" value={tab.value}>
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
