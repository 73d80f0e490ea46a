import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CropDialog, CROP_WARNINGS } from './CropDialog';

/** A stand-in for cropperjs, which needs real layout: it records what the dialog asks of it. */
const fake = vi.hoisted(() => ({
  options: undefined as Record<string, unknown> | undefined,
  canvasOptions: undefined as Record<string, unknown> | undefined,
  canvas: null as unknown,
  setData: (() => {}) as (data: object) => void,
  /** The image as cropperjs shows it: its width on screen over its natural width is the scale. */
  canvasData: { width: 800, naturalWidth: 3200 },
}));
vi.mock('cropperjs', () => ({
  default: class {
    constructor(_image: HTMLImageElement, options: Record<string, unknown>) {
      fake.options = options;
    }
    getCroppedCanvas(options: Record<string, unknown>) {
      fake.canvasOptions = options;
      return fake.canvas;
    }
    getData() {
      return { x: 5, y: 6, width: 700, height: 350, rotate: 0, scaleX: 1, scaleY: -1 };
    }
    setData(data: object) {
      fake.setData(data);
    }
    getCanvasData() {
      return fake.canvasData;
    }
    destroy() {}
  },
}));

const texts = {
  title: 'Crop image',
  accept: 'Accept',
  cancel: 'Cancel',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  rotateLeft: 'Rotate left',
  rotateRight: 'Rotate right',
  flipHorizontal: 'Flip horizontally',
  flipVertical: 'Flip vertically',
};
const bounds = { minWidth: 200, minHeight: 100, maxWidth: 1200, maxHeight: 600 };

function image() {
  return document.querySelector<HTMLImageElement>('.fd-crop-dialog__image');
}

/**
 * Loads the image at its natural size, in a container of the given size: jsdom lays nothing out,
 * so the size a browser would give the dialog's image area is given here.
 */
function loadImage(width: number, height: number, container = { width: 800, height: 600 }) {
  const element = image()!;
  Object.defineProperty(element, 'naturalWidth', { value: width });
  Object.defineProperty(element, 'naturalHeight', { value: height });
  Object.defineProperty(element.parentElement, 'clientWidth', { value: container.width, configurable: true });
  Object.defineProperty(element.parentElement, 'clientHeight', { value: container.height, configurable: true });
  fireEvent.load(element);
}

beforeEach(() => {
  fake.options = undefined;
  fake.setData = () => {};
  fake.canvasData = { width: 800, naturalWidth: 3200 };
  fake.canvas = { toBlob: (done: (blob: Blob) => void, type: string) => done(new Blob(['webp'], { type })) };
});
afterEach(() => vi.restoreAllMocks());

describe('CropDialog', () => {
  it('crops with the ratio of the maximum size, the restriction mode and a wheel zoom of 0.1', () => {
    render(<CropDialog open src="/photo.png" bounds={bounds} restriction="fill-area" texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Crop image' })).toBeTruthy();
    loadImage(3000, 2000);
    expect(fake.options).toMatchObject({ aspectRatio: 2, viewMode: 3, wheelZoomRatio: 0.1 });
  });

  it('widens a crop narrower than the minimum crop width', () => {
    const setData = vi.fn();
    fake.setData = setData;
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    loadImage(3000, 2000);
    (fake.options!.crop as (event: object) => void)({ detail: { width: 300 } });
    expect(setData).toHaveBeenCalledWith({ width: 700 });
  });

  it('keeps the crop box at least 20 px times the zoom on screen, the zoom being 1 as the image is first shown', () => {
    const setData = vi.fn();
    fake.setData = setData;
    render(<CropDialog open src="/photo.png" bounds={{ maxWidth: 600, maxHeight: 600 }} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    // A picture 50 times the dialog's size: 20 px on screen are 1000 px of it, more than the 700 px minimum.
    fake.canvasData = { width: 400, naturalWidth: 20000 };
    loadImage(20000, 20000);
    (fake.options!.ready as () => void)();
    const crop = fake.options!.crop as (event: object) => void;
    crop({ detail: { width: 900 } });
    expect(setData).toHaveBeenLastCalledWith({ width: 1000 });
    // Zoomed in 5 times: the box is at least 100 px on screen, still 1000 px of the picture.
    fake.canvasData = { width: 2000, naturalWidth: 20000 };
    setData.mockClear();
    crop({ detail: { width: 1000 } });
    expect(setData).not.toHaveBeenCalled();
    crop({ detail: { width: 800 } });
    expect(setData).toHaveBeenCalledWith({ width: 1000 });
  });

  it('widens a crop once when the cropper cannot widen it further', () => {
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    loadImage(3000, 2000);
    const crop = fake.options!.crop as (event: object) => void;
    // The cropper holds the crop at the dialog's width and reports it again, still too narrow.
    const setData = vi.fn(() => crop({ detail: { width: 600 } }));
    fake.setData = setData;
    crop({ detail: { width: 600 } });
    expect(setData).toHaveBeenCalledOnce();
  });

  it('eases the cropper’s own moves once it is ready, and not under a pointer’s drag', () => {
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    const stage = () => document.querySelector('.fd-crop-dialog__stage')!;
    loadImage(3000, 2000);
    expect(stage().hasAttribute('data-easing')).toBe(false);
    act(() => (fake.options!.ready as () => void)());
    expect(stage().hasAttribute('data-easing')).toBe(true);
    act(() => (fake.options!.cropstart as () => void)());
    expect(stage().hasAttribute('data-easing')).toBe(false);
    act(() => (fake.options!.cropend as () => void)());
    expect(stage().hasAttribute('data-easing')).toBe(true);
  });

  it('hands out a WebP blob bounded by the given sizes, with the crop result, on Accept', async () => {
    const user = userEvent.setup();
    const onAccept = vi.fn();
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={onAccept} onCancel={() => {}} />);
    loadImage(3000, 2000);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(fake.canvasOptions).toMatchObject({ minWidth: 200, minHeight: 100, maxWidth: 1200, maxHeight: 600 });
    const [blob, result] = onAccept.mock.calls[0]!;
    expect(blob.type).toBe('image/webp');
    expect(result).toMatchObject({
      coordinates: { left: 5, top: 6, width: 700, height: 350 },
      transforms: { rotate: 0, flipHorizontal: false, flipVertical: true },
    });
  });

  it('warns and hands out nothing when the canvas cannot be had', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onAccept = vi.fn();
    fake.canvas = null;
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={onAccept} onCancel={() => {}} />);
    loadImage(3000, 2000);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(warn).toHaveBeenCalledWith(CROP_WARNINGS.noCanvas);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('warns that the cropper cannot fit when its container has no size', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    loadImage(3000, 2000, { width: 0, height: 0 });
    expect(warn).toHaveBeenCalledWith(CROP_WARNINGS.cannotFit);
  });

  it('does not warn about fitting when its container has a size', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    loadImage(3000, 2000, { width: 800, height: 600 });
    expect(warn).not.toHaveBeenCalledWith(CROP_WARNINGS.cannotFit);
  });

  it('clears the image and reports an error when it fails to load', () => {
    const onError = vi.fn();
    render(<CropDialog open src="/missing.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} onError={onError} />);
    fireEvent.error(image()!);
    expect(onError).toHaveBeenCalledOnce();
    expect(image()).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', true);
  });

  it('loads an image from another origin with the cross-origin attribute', () => {
    render(<CropDialog open src="https://images.example.net/a.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    expect(image()!.getAttribute('crossorigin')).toBe('anonymous');
  });

  it('cancels with the Cancel button and on Escape', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('locks the page scroll while open and gives it back on close', () => {
    const { rerender } = render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    expect(document.body.style.overflow).toBe('hidden');
    rerender(<CropDialog open={false} src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} />);
    expect(document.body.style.overflow).toBe('');
  });

  it('hands out a preview at most 1024 px long 500 ms after the crop changes', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<CropDialog open src="/photo.png" bounds={bounds} texts={texts} onAccept={() => {}} onCancel={() => {}} onChange={onChange} />);
    loadImage(3000, 2000);
    const crop = fake.options!.crop as (event: object) => void;
    crop({ detail: { width: 800 } });
    vi.advanceTimersByTime(300);
    crop({ detail: { width: 900 } });
    vi.advanceTimersByTime(499);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledOnce();
    expect(fake.canvasOptions).toEqual({ maxWidth: 1024, maxHeight: 1024 });
    vi.useRealTimers();
  });
});
