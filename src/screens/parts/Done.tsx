import { linkClassName } from '@frontdoor/ui';
import { FlowLink } from '../../flow/FlowLink';
import { PATHS } from '../../flow/paths';

/** A finished step (PasswordUpdateSuccess, SignupSuccess): what happened, and the way to Login. */
export function Done({ heading, message, login }: { heading: string; message: string; login: string }) {
  return (
    <section className="fd-card">
      <h1>{heading}</h1>
      <p className="fd-card__intro">{message}</p>
      <FlowLink to={PATHS.login} className={linkClassName('button')}>
        {login}
      </FlowLink>
    </section>
  );
}
