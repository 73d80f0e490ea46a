import { Button, CodeField, Image, Link, PasswordField } from '@frontdoor/ui';
import { useState } from 'react';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { showToast } from '../stores/first-view/toast';
import { Demo, GallerySection } from './GallerySection';
import { SAMPLE_PHOTO } from './sample-images';

/** The pieces the sign-in screens are made of: buttons, links, images, password and code fields, toasts. */
export function BasicsDemo() {
  const t = useGalleryT();
  const b = (key: KeysIn<GalleryTextKey, 'gallery.basics'>) => t(`gallery.basics.${key}`);
  const [code, setCode] = useState('');
  return (
    <GallerySection id="basics" title={t('gallery.section.basics')}>
      <Demo title="Button">
        <div className="fd-gallery__stack">
          <Button>{b('primary')}</Button>
          <Button theme="cta">{b('cta')}</Button>
          <Button variant="quiet">{b('quiet')}</Button>
          <Button enabled={false}>{t('gallery.state.disabled')}</Button>
          <Button busy busyLabel={t('app.busy')}>
            {b('busy')}
          </Button>
        </div>
      </Demo>
      <Demo title="Link">
        <div className="fd-gallery__stack">
          <Link href="#basics">{b('link')}</Link>
          <Link theme="button" href="#basics">
            {b('link-button')}
          </Link>
          <Link theme="cta-button" href="#basics">
            {b('link-cta')}
          </Link>
        </div>
      </Demo>
      <Demo title="Image">
        <div className="fd-gallery__images">
          {(['square', 'rounded', 'circle'] as const).map((shape) => (
            <figure key={shape}>
              <Image src={SAMPLE_PHOTO} alt={b('photo-alt')} shape={shape} width={72} height={72} />
              <figcaption>{b(shape)}</figcaption>
            </figure>
          ))}
          <figure>
            <Image src="/missing-picture.png" alt={b('broken')} width={72} height={72} />
            <figcaption>{b('broken')}</figcaption>
          </figure>
        </div>
      </Demo>
      <Demo title="PasswordField · CodeField" wide>
        <PasswordField
          label={t('field.password.label')}
          autoComplete="new-password"
          showLabel={t('field.password.show')}
          hideLabel={t('field.password.hide')}
        />
        <CodeField label={t('field.code.label')} value={code} setValue={setCode} />
      </Demo>
      <Demo title="Toast">
        <div className="fd-gallery__actions">
          <Button variant="quiet" onClick={() => showToast(b('toast-message'), 'success')}>
            {b('toast')}
          </Button>
          <Button variant="quiet" onClick={() => showToast(t('error.general'), 'error')}>
            {b('toast-error')}
          </Button>
        </div>
      </Demo>
    </GallerySection>
  );
}
