import type { ComponentType, ReactNode } from 'react';
import { FlowContext, type Flow } from '../flow/flow';
import { useAnnounceLive } from '../flow/live';
import { useLoginOnRefusal } from '../flow/refusal';
import type { TextKey } from '../i18n/t';
import { ScreenFrame } from './ScreenFrame';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

export interface ScreenHostProps {
  flow: Flow;
  titleKey: TextKey;
  /** The screen needs a session, and goes to Login when the API refuses it. */
  guarded?: boolean;
  /**
   * Set when a move brought the screen: a new one for each arrival, in the router's wrapper
   * (src/router/ArrivedScreen.tsx, which comes with the router), focused on arrival. Unset for the
   * page's first screen, which takes over the prerendered markup as it is.
   */
  arrival?: { key: number; Arrived: ComponentType<{ children: ReactNode }> } | undefined;
  children: ReactNode;
}

/**
 * Every screen as the router shows it (src/router/show-screen.tsx) and the build prerenders it: in
 * its frame, with its flow, and behind an error boundary that turns a screen that throws into the
 * error screen. The prerendered HTML is this, rendered at build time; in the browser it takes over
 * the same DOM.
 */
export function ScreenHost({ flow, titleKey, guarded = false, arrival, children }: ScreenHostProps) {
  useAnnounceLive();
  useLoginOnRefusal(flow, guarded);
  return (
    <FlowContext.Provider value={flow}>
      <ScreenFrame titleKey={titleKey} locale={flow.search.locale}>
        <ScreenErrorBoundary path={flow.path}>{arrival ? <arrival.Arrived key={arrival.key}>{children}</arrival.Arrived> : children}</ScreenErrorBoundary>
      </ScreenFrame>
    </FlowContext.Provider>
  );
}
