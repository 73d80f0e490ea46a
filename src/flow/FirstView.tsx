import type { ReactNode } from 'react';
import { FlowContext, type Flow } from './flow';
import { ScreenFrame } from '../screens/ScreenFrame';
import { useAnnounceLive } from './live';

/**
 * A screen as its page first shows it: in its frame, with a flow of its own, no router. The
 * prerendered HTML is this, rendered at build time; in the browser it takes over the same DOM.
 */
export function FirstView({ flow, titleKey, children }: { flow: Flow; titleKey: string; children: ReactNode }) {
  useAnnounceLive();
  return (
    <FlowContext.Provider value={flow}>
      <ScreenFrame titleKey={titleKey} locale={flow.search.locale}>
        {children}
      </ScreenFrame>
    </FlowContext.Provider>
  );
}
