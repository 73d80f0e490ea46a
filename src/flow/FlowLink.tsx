import type { ComponentProps, MouseEvent } from 'react';
import { useFlow } from './flow';
import type { To } from './paths';

export type FlowLinkProps = Omit<ComponentProps<'a'>, 'href'> & To;

/**
 * A link to another step of the front door: a real `href` (it works before any script, opens in a
 * new tab), and an in-app move on a plain click, whose code starts arriving when the pointer is over
 * the link or it has focus. The carried parameters go on (flows 2).
 *
 * @example
 * <FlowLink to={PATHS.passwordReset} search={{ username }}>{t('page.login-password.forgot')}</FlowLink>
 */
export function FlowLink({ to, params, search, replace, onClick, onPointerEnter, onFocus, ...anchor }: FlowLinkProps) {
  const flow = useFlow();
  const destination: To = { to, params, search, replace };
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    flow.go(destination);
  }
  return (
    <a
      {...anchor}
      href={flow.href(destination)}
      onClick={follow}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        flow.prepare(destination);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        flow.prepare(destination);
      }}
    />
  );
}
