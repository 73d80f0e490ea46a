import { useT } from '../../i18n/t';
import { PATHS } from '../../flow/paths';
import { FlowLink } from '../../flow/FlowLink';

/**
 * Recovery codes shown and lost before they were saved, to a reload or a screen left (flows 4.6):
 * they are not shown again. A link to make a new set, which is made on this same screen: it leads
 * there without a move; opened elsewhere, its page's guard asks for a session.
 */
export function RecoveryCodesShownOnce({ onNewSet }: { onNewSet(): void }) {
  const t = useT();
  return (
    <section className="fd-card">
      <h1>{t('page.recovery-codes.heading-shown')}</h1>
      <p className="fd-card__intro" role="status">
        {t('page.recovery-codes.shown-once')}
      </p>
      <p className="fd-card__aside">
        <FlowLink
          to={PATHS.recoveryCodes}
          className="fd-link"
          onClick={(event) => {
            event.preventDefault();
            onNewSet();
          }}
        >
          {t('page.recovery-codes.new-set')}
        </FlowLink>{' '}
        <FlowLink to={PATHS.companySelection} className="fd-link">
          {t('button.back')}
        </FlowLink>
      </p>
    </section>
  );
}
