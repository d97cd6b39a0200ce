/**
 * The hero carousel (spec part 1 section 4): slides with a title and subtitle over an image,
 * looping, advancing every 4 s. Arrows exist only in the `small` variant and only on wide
 * screens; the home page uses the `large` variant (no arrows). A visible Pause/Play button stops
 * it; hovering it or moving keyboard focus into it pauses it too.
 */
import { useState } from 'react';
import 'keen-slider/keen-slider.min.css';
import type { HeroSlide } from '../../content/types';
import { rotationControlAttr, useAutoAdvance, useInterval } from './useAutoAdvance';
import { useSliderOnNeed } from './useSliderOnNeed';
import { ChevronIcon, PauseIcon, PlayIcon } from './icons';
import './carousel.css';

import { HERO_INTERVAL_MS } from './timing';

/** Time each hero slide stays (spec part 1 section 9: hero 4 s); defined in timing.ts. */
export { HERO_INTERVAL_MS };

export interface HeroCarouselProps {
  slides: HeroSlide[];
  /** `large` (home: full width, no arrows) or `small` (compact, with arrows on wide screens). */
  variant?: 'large' | 'small';
  /** Accessible name of the carousel region. */
  label?: string;
  /** Load the first image eagerly with high fetch priority (it is the page's largest paint). */
  priority?: boolean;
  intervalMs?: number;
}

/** A looping, auto-advancing carousel of hero slides (keen-slider). */
export function HeroCarousel({
  slides,
  variant = 'large',
  label = 'Highlights',
  priority = false,
  intervalMs = HERO_INTERVAL_MS,
}: HeroCarouselProps) {
  const [current, setCurrent] = useState(0);
  const { userPaused, running, toggle, containerProps } = useAutoAdvance();
  const { trackProps, next, prev } = useSliderOnNeed<HTMLDivElement>({
    loop: true,
    defaultAnimation: { duration: 600 },
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });
  useInterval(running && slides.length > 1, intervalMs, next);

  return (
    <section
      className={`hero hero--${variant}`}
      aria-roledescription="carousel"
      aria-label={label}
      {...containerProps}
    >
      <div {...trackProps} className="keen-slider hero__slides" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            className="keen-slider__slide hero__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index === current ? undefined : true}
          >
            <img
              className="hero__image"
              src={slide.image}
              alt=""
              width={1600}
              height={600}
              loading={priority && index === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && index === 0 ? 'high' : undefined}
              decoding={index === 0 ? undefined : 'async'}
              draggable={false}
            />
            <div className="hero__caption">
              <p className="hero__title">{slide.title}</p>
              <p className="hero__subtitle">{slide.subtitle}</p>
            </div>
          </div>
        ))}
      </div>
      <button
        type="button"
        className="carousel-button carousel-button--icon hero__pause"
        aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}
        onClick={toggle}
        {...rotationControlAttr}
      >
        {userPaused ? <PlayIcon /> : <PauseIcon />}
      </button>
      {variant === 'small' && slides.length > 1 && (
        <>
          <button
            type="button"
            className="carousel-button hero__arrow hero__arrow--prev"
            aria-label="Previous slide"
            onClick={prev}
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className="carousel-button hero__arrow hero__arrow--next"
            aria-label="Next slide"
            onClick={next}
          >
            <ChevronIcon direction="right" />
          </button>
        </>
      )}
    </section>
  );
}
