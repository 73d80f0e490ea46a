import { useState, type ComponentProps } from 'react';

export type ImageShape = 'square' | 'rounded' | 'circle';

export interface ImageProps extends ComponentProps<'img'> {
  /** Text alternative, already translated; empty for a decorative image. */
  alt: string;
  /** square, rounded or circle (flows 9). */
  shape?: ImageShape;
}

/**
 * An image's width or height as CSS takes it: React adds `px` to a number in a style, Preact does
 * not, and a browser ignores a length without its unit.
 */
const cssLength = (value: number | string | undefined) => (typeof value === 'number' ? `${value}px` : value);

/**
 * An image of the platform (flows 9 shapes). When it cannot load it shows an empty placeholder of the
 * same size and logs a warning (flows 8), instead of the browser's broken-image icon.
 *
 * @example
 * <Image src={organization.logo} alt="" shape="rounded" width={64} height={64} />
 */
export function Image({ shape = 'square', className, src, alt, onError, ...imageProps }: ImageProps) {
  // The address that failed, not a flag: a new address gets its chance, and an error that comes
  // before the first effects have run is not undone by them.
  const [failedSrc, setFailedSrc] = useState<string>();
  const failed = failedSrc !== undefined && failedSrc === src;
  const classes = ['fd-image', `fd-image--${shape}`, className ?? ''].filter(Boolean).join(' ');
  if (failed || !src) {
    return (
      <span
        className={`${classes} fd-image--error`}
        style={{ width: cssLength(imageProps.width), height: cssLength(imageProps.height) }}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      />
    );
  }
  return (
    <img
      {...imageProps}
      src={src}
      alt={alt}
      className={classes}
      onError={(event) => {
        console.warn(`Could not load the image ${src}.`);
        setFailedSrc(src);
        onError?.(event);
      }}
    />
  );
}
