import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdTouchDrags } from './touch-drag-threshold';

let stage: HTMLElement;
let cropArea: HTMLElement;
let downs: PointerEvent[];
let stop: () => void;

const pointer = (type: string, init: PointerEventInit) => new PointerEvent(type, { bubbles: true, pointerId: 1, pointerType: 'touch', ...init });

beforeEach(() => {
  stage = document.createElement('div');
  cropArea = document.createElement('div');
  stage.append(cropArea);
  document.body.append(stage);
  downs = [];
  cropArea.addEventListener('pointerdown', (event) => downs.push(event));
  stop = holdTouchDrags(stage, 20);
});

afterEach(() => {
  stop();
  stage.remove();
});

describe('the crop under a finger (flows 9: touch drag activation 20 px)', () => {
  it('does not move for a finger that moves less than 20 px', () => {
    cropArea.dispatchEvent(pointer('pointerdown', { clientX: 100, clientY: 100 }));
    document.dispatchEvent(pointer('pointermove', { clientX: 110, clientY: 110 }));
    document.dispatchEvent(pointer('pointerup', { clientX: 110, clientY: 110 }));
    expect(downs).toEqual([]);
  });

  it('starts the drag where the finger landed once it has moved 20 px', () => {
    cropArea.dispatchEvent(pointer('pointerdown', { clientX: 100, clientY: 100 }));
    document.dispatchEvent(pointer('pointermove', { clientX: 100, clientY: 121 }));
    expect(downs).toHaveLength(1);
    expect([downs[0]!.clientX, downs[0]!.clientY, downs[0]!.pointerType]).toEqual([100, 100, 'touch']);
  });

  it('hands the first finger over at once when a second lands, for a pinch', () => {
    cropArea.dispatchEvent(pointer('pointerdown', { clientX: 100, clientY: 100 }));
    cropArea.dispatchEvent(pointer('pointerdown', { clientX: 200, clientY: 200, pointerId: 2 }));
    expect(downs.map((event) => event.pointerId)).toEqual([1, 2]);
  });

  it('lets the mouse through at once', () => {
    cropArea.dispatchEvent(pointer('pointerdown', { clientX: 100, clientY: 100, pointerType: 'mouse' }));
    expect(downs).toHaveLength(1);
  });

  it('stops holding touches once removed', () => {
    stop();
    cropArea.dispatchEvent(pointer('pointerdown', { clientX: 100, clientY: 100 }));
    expect(downs).toHaveLength(1);
  });
});
