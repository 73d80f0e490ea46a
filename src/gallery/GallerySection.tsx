import type { ReactNode } from 'react';

/** One section of the gallery: a heading and its demos. */
export function GallerySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="fd-gallery__section" aria-labelledby={`${id}-heading`} id={id}>
      <h2 className="fd-gallery__section-title" id={`${id}-heading`}>
        {title}
      </h2>
      <div className="fd-gallery__grid">{children}</div>
    </section>
  );
}

/** One component shown in its states, under the component's name. */
export function Demo({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <article className={wide ? 'fd-gallery__demo fd-gallery__demo--wide' : 'fd-gallery__demo'}>
      <h3 className="fd-gallery__demo-title">{title}</h3>
      {children}
    </article>
  );
}
