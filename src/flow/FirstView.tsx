import type { ReactNode } from 'react';
import { FlowContext, type Flow } from './flow';
import { ScreenFrame } from '../screens/ScreenFrame';
import { useAnnounceLive } from './live';
import { useLoginOnRefusal } from './refusal';
import type { TextKey } from '../i18n/t';

/**
 * A screen as its page first shows it: in its frame, with a flow of its own, no router. The
 * prerendered HTML is this, rendered at build time; in the browser it takes over the same DOM.
 * `guarded`: the screen needs a session, and goes to Login when the API refuses it.
 */
export function FirstView({ flow, titleKey, guarded = false, children }: { flow: Flow; titleKey: TextKey; guarded?: boolean; children: ReactNode }) {
  useAnnounceLive();
  useLoginOnRefusal(flow, guarded);
  return (
    <FlowContext.Provider value={flow}>
      <ScreenFrame titleKey={titleKey} locale={flow.search.locale}>
        {children}
      </ScreenFrame>
    </FlowContext.Provider>
  );
}
