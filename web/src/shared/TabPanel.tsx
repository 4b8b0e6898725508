// The panel of navigation tabs whose content sits outside them (Mantine Tabs given `id={tabsId}`): each tab leads to
// a page of its own, so the panel is what that page shows. Mantine names a tab `<tabsId>-tab-<value>` and points its
// aria-controls at `<tabsId>-panel-<value>`.
import type { ReactNode } from 'react';

export function TabPanel({ tabsId, value, children }: { tabsId: string; value: string | number; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`${tabsId}-panel-${value}`} aria-labelledby={`${tabsId}-tab-${value}`}>
      {children}
    </div>
  );
}
