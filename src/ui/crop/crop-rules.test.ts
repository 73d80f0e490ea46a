import { describe, expect, it } from 'vitest';
import { VIEW_MODES, cropAspectRatio, crossOriginFor, leastCropWidth, minimumCropBoxSize, minimumCropWidth, toCropResult } from './crop-rules';

describe('crop rules', () => {
  it('fix the aspect ratio to maximum width over maximum height', () => {
    expect(cropAspectRatio({ maxWidth: 1200, maxHeight: 400 })).toBe(3);
  });

  it('take the least of 700 px, the image width and the image height times the ratio as minimum crop width', () => {
    expect(minimumCropWidth(4000, 3000, 1)).toBe(700);
    expect(minimumCropWidth(500, 3000, 1)).toBe(500);
    expect(minimumCropWidth(4000, 200, 2)).toBe(400);
  });

  it('make the smallest crop box 20 px times the zoom on screen', () => {
    expect(minimumCropBoxSize(1)).toBe(20);
    expect(minimumCropBoxSize(2.5)).toBe(50);
    expect(minimumCropBoxSize(0.5)).toBe(10);
  });

  it('take the least crop width in image pixels from the minimum crop width and the smallest box at the zoom', () => {
    // 20 px at zoom 2 is 40 px on screen, 80 px of an image shown at half its size: the 700 px minimum wins.
    expect(leastCropWidth(700, 2, 0.5, 1)).toBe(700);
    // A picture shown at a fiftieth of its size: 20 px on screen are 1000 px of it.
    expect(leastCropWidth(700, 1, 0.02, 1)).toBe(1000);
    // A wide crop (2:1) is 20 px high at least: 40 px wide.
    expect(leastCropWidth(10, 1, 1, 2)).toBe(40);
    // A tall one (1:2) is 20 px wide at least.
    expect(leastCropWidth(10, 1, 1, 0.5)).toBe(20);
  });

  it('load images from another origin with the cross-origin attribute, and only those', () => {
    const page = 'https://app.example.com';
    expect(crossOriginFor('https://cdn.example.net/a.png', page)).toBe('anonymous');
    expect(crossOriginFor('/images/a.png', page)).toBeUndefined();
    expect(crossOriginFor('https://app.example.com/a.png', page)).toBeUndefined();
    expect(crossOriginFor('data:image/png;base64,AAAA', page)).toBeUndefined();
    expect(crossOriginFor('blob:https://app.example.com/1234', page)).toBeUndefined();
  });

  it('name the four restriction modes', () => {
    expect(Object.keys(VIEW_MODES).sort()).toEqual(['fill-area', 'fit-area', 'none', 'stencil']);
  });

  it('report coordinates and rotate and flip transforms', () => {
    const canvas = {} as HTMLCanvasElement;
    expect(toCropResult(canvas, { x: 10.4, y: 20.6, width: 300, height: 150, rotate: 90, scaleX: -1, scaleY: 1 })).toEqual({
      canvas,
      coordinates: { left: 10, top: 21, width: 300, height: 150 },
      transforms: { rotate: 90, flipHorizontal: true, flipVertical: false },
    });
  });
});
