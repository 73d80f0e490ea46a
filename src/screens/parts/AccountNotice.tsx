import { useT, type TextKey } from '../../i18n/t';
import { PATHS } from '../../flow/paths';
import { FlowLink } from '../../flow/FlowLink';

/** An account screen that cannot go on: its heading, why (announced), and the way back to company selection. */
export function AccountNotice({ heading, message }: { heading: TextKey; message: TextKey }) {
  const t = useT();
  return (
    <section className="fd-card">
      <h1>{t(heading)}</h1>
      <p className="fd-card__intro" role="alert">
        {t(message)}
      </p>
      <FlowLink to={PATHS.companySelection} className="fd-link">
        {t('button.back')}
      </FlowLink>
    </section>
  );
}
