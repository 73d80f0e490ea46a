import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Button } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS } from '../flow/paths';
import { enterApp } from '../flow/enter-app';
import { acceptTerms, termsSubject, type CurrentOrganization } from '../api/organizations';
import { reportError } from '../api/report';
import { $session } from '../stores/session';
import { $locale, setLocale } from '../stores/locale';
import { clearToast, showToast } from '../stores/toast';
import { termsLinks } from './parts/terms-links';
import { LoadingCard } from './parts/LoadingCard';

/**
 * TermsAndConditions (flows 2, 4.8): the organisation's terms in the user's language, which is
 * applied. A user who accepted the current version goes straight on to the app; anyone else ticks
 * the box (Save stays disabled until then) and saves. A load failure goes back to Login.
 */
export function TermsAndConditions() {
  const t = useT();
  const flow = useFlow();
  const session = useStore($session);
  const locale = useStore($locale);
  const context = flow.params.context ?? '';
  const [organization, setOrganization] = useState<CurrentOrganization>();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!session) return;
    if (!session.contexts.includes(context)) {
      flow.go({ to: PATHS.companySelection, replace: true });
      return;
    }
    let current = true;
    void termsSubject(context, session.userId).then(async (result) => {
      if (!current) return;
      if (result.kind !== 'loaded') {
        void reportError({ screen: 'TermsAndConditions', operation: 'terms-load', status: result.status });
        flow.go({ to: PATHS.login, replace: true });
        return;
      }
      await setLocale(result.user.language);
      if (result.user.termsAndConditions[context]?.acceptedVersion === result.organization.termsAndConditions.version) {
        enterApp(flow, context);
        return;
      }
      setOrganization(result.organization);
    });
    return () => {
      current = false;
    };
    // Once per context and session.
  }, [session, context]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!agreed || busy) return;
    clearToast();
    setBusy(true);
    if (await acceptTerms(context)) {
      enterApp(flow, context);
      return;
    }
    setBusy(false);
    showToast(t('error.general'), 'error');
    void reportError({ screen: 'TermsAndConditions', operation: 'accept-terms' });
  }

  if (!organization) return <LoadingCard heading={t('page.terms.heading')} />;

  const links = termsLinks(organization, locale);
  return (
    <form className="fd-card" onSubmit={save} noValidate>
      <h1>{t('page.terms.heading')}</h1>
      <p className="fd-card__intro">{t('page.terms.intro', { organization: organization.name })}</p>
      <ul className="fd-documents">
        {links.map((link, index) => (
          <li key={link.href}>
            <a className="fd-link" href={link.href} target="_blank" rel="noopener noreferrer">
              {t('page.terms.document', { number: index + 1, name: link.name })}
            </a>
          </li>
        ))}
      </ul>
      <label className="fd-check">
        <input type="checkbox" name="agree" required checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} />
        <span className="fd-required">{t('page.terms.agree')}</span>
      </label>
      <Button type="submit" enabled={agreed} busy={busy} busyLabel={t('app.busy')}>
        {t('button.save')}
      </Button>
    </form>
  );
}
