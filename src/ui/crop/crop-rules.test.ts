import { describe, expect, it } from 'vitest';
import { VIEW_MODES, cropAspectRatio, crossOriginFor, minimumCropWidth, toCropResult } from './crop-rules';

describe('crop rules', () => {
  it('fix the aspect ratio to maximum width over maximum height', () => {
    expect(cropAspectRatio({ maxWidth: 1200, maxHeight: 400 })).toBe(3);
  });

  it('take the least of 700 px, the image width and the image height times the ratio as minimum crop width', () => {
    expect(minimumCropWidth(4000, 3000, 1)).toBe(700);
    expect(minimumCropWidth(500, 3000, 1)).toBe(500);
    expect(minimumCropWidth(4000, 200, 2)).toBe(400);
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
