/**
 * Installs the carousel behaviour (islands/carousel.ts, plain DOM: decision 020) on the element
 * the returned ref is given, before the browser paints, and removes it when the component goes.
 * Shared by the hero and the poster carousels.
 */
import { useLayoutEffect, useRef } from 'react';
import { installCarousel } from './islands/carousel';

export function useCarouselIsland() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const carousel = installCarousel(ref.current!);
    return () => carousel.destroy();
  }, []);
  return ref;
}
