import { useT } from '../../i18n/t';

/** A step that waits for what it shows (a link's token, the organisation's terms): its heading and "Loading…". */
export function LoadingCard({ heading }: { heading: string }) {
  const t = useT();
  return (
    <section className="fd-card" aria-busy="true">
      <h1>{heading}</h1>
      <p className="fd-card__intro">{t('app.loading')}</p>
    </section>
  );
}
