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
 * Takes keen-slider's options (read when the slider starts). Returns the ref for the track
 * element (the `keen-slider` element), `start` (fetch and start it now; resolves to the slider,
 * or null when the carousel is gone), and `next`/`prev` (start it if needed, then move one slide).
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
  return { trackRef, start, next, prev };
}
