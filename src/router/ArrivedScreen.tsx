import { useRef, type ReactNode } from 'react';
import { useArrivalFocus } from './arrival-focus';

/** A screen a move brought (src/router/page-router.tsx): a new one for each arrival, focused on arrival. */
export function ArrivedScreen({ children }: { children: ReactNode }) {
  const screen = useRef<HTMLDivElement>(null);
  useArrivalFocus(screen);
  return (
    <div ref={screen} className="fd-screen">
      {children}
    </div>
  );
}
