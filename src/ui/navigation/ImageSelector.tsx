import { Carousel, type CarouselProps } from './Carousel';
import { IMAGE_SELECTOR_DEFAULTS } from './carousel-paging';
import { useControllable } from '../internal/use-controllable';
import { cx } from '../internal/cx';

/** An image to choose (flows 3): its URL, and a text naming it for screen readers. */
export interface SelectableImage {
  url: string;
  text: string;
}

export interface ImageSelectorProps extends Omit<CarouselProps, 'children'> {
  images: readonly SelectableImage[];
  value?: string | null;
  defaultValue?: string | null;
  setValue?: (url: string) => void;
}

/**
 * A carousel of images to choose one from: 3 per page and 3 per scroll, not looping (flows 9). The
 * chosen image is pressed and framed in the checked colour.
 *
 * @example
 * <ImageSelector label={t('profile.cover')} previousLabel={t('carousel.previous')} nextLabel={t('carousel.next')} images={covers} value={cover} setValue={setCover} />
 */
export function ImageSelector({ images, value, defaultValue = null, setValue, className, ...carouselProps }: ImageSelectorProps) {
  const [current, update] = useControllable<string | null, string>(value, setValue, defaultValue);
  return (
    <Carousel {...IMAGE_SELECTOR_DEFAULTS} {...carouselProps} className={cx('fd-image-selector', className)}>
      {images.map((image) => (
        <button key={image.url} type="button" className="fd-image-selector__choice" aria-pressed={image.url === current} onClick={() => update(image.url)}>
          <img className="fd-image-selector__image" src={image.url} alt={image.text} />
        </button>
      ))}
    </Carousel>
  );
}
