import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useDirectory, useFilterField } from './directory-context.js';

/**
 * One tab per category (the APG tabs pattern, from Radix): exactly one panel shows, with its own
 * filters and lists. Switching tabs resets every filter to "all" and restarts pagination; the
 * shown tab is part of the filter state, where the map reads it.
 */
export function CategoryTabs({ children }: { children: (category: number) => ReactNode }) {
  const { model, filters } = useDirectory();
  const tab = useFilterField('tab');
  return (
    <Tabs.Root
      className="dir-tabs"
      value={tab === null ? '' : String(tab)}
      onValueChange={(value) => filters.setTab(Number(value))}
    >
      <Tabs.List className="dir-tabs__list" aria-label="Categories">
        {model.categories.map((category) => (
          <Tabs.Trigger key={category.id} className="dir-tabs__tab" value={String(category.id)}>
            {category.name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {model.categories.map((category) => (
        <Tabs.Content key={category.id} className="dir-tabs__panel" value={String(category.id)}>
          {category.id === tab && children(category.id)}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
