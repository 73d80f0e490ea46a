import { useEffect, useState } from 'react';
import { Button, useFormModel, useHandler, useStore } from '@frontdoor/ui';
import { useT } from '../i18n/t';
import { useFlow } from '../flow/flow';
import { PATHS, type To } from '../flow/paths';
import { afterTermsAccepted, afterTermsLoad, type Move } from '../steps/next-step';
import { takeStep } from '../steps/take-step';
import { acceptTerms, termsSubject, type CurrentOrganization } from '../api/organizations';
import { $session } from '../stores/session';
import { $locale, setLocale } from '../i18n/locale';
import { clearToast } from '../stores/first-view/toast';
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
  // Into the app: the button stays busy until the page is left.
  const [leaving, setLeaving] = useState(false);
  // The box must be ticked before Save (flows 5).
  const form = useFormModel({ initialValues: { agree: false }, required: ['agree'], onSubmit: save });

  // Once per context and session: what is left to do follows the flow of the latest render.
  const go = useHandler((to: To) => flow.go(to));
  const take = useHandler((step: Move) => takeStep(flow, 'TermsAndConditions', step));
  useEffect(() => {
    if (!session) return;
    if (!session.contexts.includes(context)) {
      go({ to: PATHS.companySelection, replace: true });
      return;
    }
    let current = true;
    void termsSubject(context, session.userId).then(async (result) => {
      if (!current) return;
      // The user's language is applied before anything is shown or left (flows 4.8).
      if (result.kind === 'loaded') await setLocale(result.user.language);
      const step = afterTermsLoad(result, context);
      if (step.kind === 'agree') setOrganization(step.organization);
      else take(step);
    });
    return () => {
      current = false;
    };
  }, [session, context, go, take]);

  async function save() {
    clearToast();
    const step = afterTermsAccepted(await acceptTerms(context), context);
    setLeaving(step.kind === 'app');
    takeStep(flow, 'TermsAndConditions', step);
  }

  if (!organization) return <LoadingCard heading={t('page.terms.heading')} />;

  const links = termsLinks(organization, locale);
  return (
    <form ref={form.ref} className="fd-card" noValidate>
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
        <input type="checkbox" name="agree" required={form.field('agree').required} />
        <span className="fd-required">{t('page.terms.agree')}</span>
      </label>
      <Button type="submit" enabled={form.valid} busy={form.submitting || leaving} busyLabel={t('app.busy')}>
        {t('button.save')}
      </Button>
    </form>
  );
}
