/**
 * A touch becomes a drag of the crop only once the finger has moved 20 px (flows 9), so a finger
 * that lands on the cropper to scroll or tap does not move the crop. The touch's `pointerdown` is
 * held back from the cropper (caught on the way down, at `stage`) and handed to it, where it
 * started, when the finger has moved far enough, or at once when a second finger lands (a pinch).
 * Mouse and pen pointers pass untouched. Returns the function that removes the listeners.
 */
export function holdTouchDrags(stage: HTMLElement, activation: number): () => void {
  const released = new WeakSet<Event>();
  let held: { event: PointerEvent; target: EventTarget } | undefined;

  const release = () => {
    if (!held) return;
    const { event, target } = held;
    held = undefined;
    const replay = new PointerEvent('pointerdown', event);
    released.add(replay);
    target.dispatchEvent(replay);
  };
  const onDown = (event: PointerEvent) => {
    const { target } = event;
    if (event.pointerType !== 'touch' || released.has(event) || !target) return;
    if (held) return release();
    event.stopPropagation();
    held = { event, target };
  };
  const onMove = (event: PointerEvent) => {
    if (!held || event.pointerId !== held.event.pointerId) return;
    if (Math.hypot(event.clientX - held.event.clientX, event.clientY - held.event.clientY) >= activation) release();
  };
  const onEnd = (event: PointerEvent) => {
    if (held && event.pointerId === held.event.pointerId) held = undefined;
  };
  const documentOf = stage.ownerDocument;
  stage.addEventListener('pointerdown', onDown, true);
  documentOf.addEventListener('pointermove', onMove, true);
  documentOf.addEventListener('pointerup', onEnd, true);
  documentOf.addEventListener('pointercancel', onEnd, true);
  return () => {
    stage.removeEventListener('pointerdown', onDown, true);
    documentOf.removeEventListener('pointermove', onMove, true);
    documentOf.removeEventListener('pointerup', onEnd, true);
    documentOf.removeEventListener('pointercancel', onEnd, true);
  };
}
