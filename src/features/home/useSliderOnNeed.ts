/**
 * keen-slider for a home-page carousel, started when the carousel first has to move (issue 10:
 * the home's JS at first load). The prerendered HTML and carousel.css already show the first
 * slide exactly as keen-slider will (each slide the track's full width), so until a slide has to
 * change the library is not needed; it is about 6 KB gzipped, more than half of the home's own
 * code. It is fetched and started when the carousel's first automatic advance is due (the hero's
 * 4 s, the posters' 10 s), when a control (Previous, Next) is pressed, or as soon as a pointer
 * enters or touches the slides (so a swipe or drag finds it ready; a swipe that starts before it has
 * loaded does not move the carousel).
 *
 * Takes keen-slider's options (read when the slider starts). Returns `trackProps` to spread on the
 * track element (the `keen-slider` element: its ref, and the pointer and touch handlers that start
 * the slider), and `next`/`prev` (start it if needed, then move one slide).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { KeenSliderInstance, KeenSliderOptions } from 'keen-slider';

export function useSliderOnNeed<T extends HTMLElement>(options: KeenSliderOptions) {
  const trackRef = useRef<T>(null);
  const optionsRef = useRef(options);
  const slider = useRef<Promise<KeenSliderInstance | null> | null>(null);

  useEffect(() => {
    optionsRef.current = options;
  });

  const start = useCallback(() => {
    slider.current ??= import('keen-slider').then(({ default: KeenSlider }) => {
      const track = trackRef.current;
      return track ? new KeenSlider(track, optionsRef.current) : null;
    });
    return slider.current;
  }, []);

  // Unmounted (or remounted by StrictMode): the next start makes a fresh slider.
  useEffect(
    () => () => {
      const started = slider.current;
      slider.current = null;
      void started?.then((s) => s?.destroy());
    },
    [],
  );

  const next = useCallback(() => void start().then((s) => s?.next()), [start]);
  const prev = useCallback(() => void start().then((s) => s?.prev()), [start]);
  // A pointer on the slides may be about to drag or swipe: start keen-slider now.
  const onPointer = useCallback(() => void start(), [start]);
  const trackProps = { ref: trackRef, onPointerEnter: onPointer, onPointerDown: onPointer, onTouchStart: onPointer };
  return { trackProps, next, prev };
}
