/**
 * The hero carousel (docs/rules.md#the-information-pages): slides with a title and subtitle over an image,
 * looping, advancing every 4 s. Arrows exist only in the `small` variant and only on wide
 * screens; the home page uses the `large` variant (no arrows). A visible Pause/Play button stops
 * it; hovering it or moving keyboard focus into it pauses it too.
 *
 * The behaviour is islands/carousel.ts (decision 020), which the home page's island
 * script installs before React starts; this component renders the markup it works on (the first
 * slide shown) and installs the same controller, which keeps the state: React never re-renders it.
 */
import 'keen-slider/keen-slider.min.css';
import type { HeroSlide } from '../../content/types';
import { slideImageProps, slideProps } from './islands/carousel';
import { useCarouselIsland } from './useCarouselIsland';
import { ROTATION_CONTROL } from './islands/rotation';
import { PlayPauseContent, playPauseLabels } from './PlayPause';
import { ChevronIcon } from './icons';
import './carousel.css';

/** Time each hero slide stays (docs/rules.md#the-information-pages: hero 4 s), in ms. */
export const HERO_INTERVAL_MS = 4000;

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
  const ref = useCarouselIsland();

  return (
    <section
      ref={ref}
      className={`hero hero--${variant}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-island="carousel"
      data-interval={intervalMs}
      data-animation={600}
    >
      <div className="keen-slider hero__slides" aria-live="off">
        {slides.map((slide, index) => (
          <div
            key={slide.image}
            className="keen-slider__slide hero__slide"
            {...slideProps(index, slides.length)}
          >
            <img
              className="hero__image"
              {...slideImageProps(slide.image, index)}
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
        {...playPauseLabels('Pause slideshow', 'Play slideshow')}
        {...{ [ROTATION_CONTROL]: '' }}
      >
        <PlayPauseContent />
      </button>
      {variant === 'small' && slides.length > 1 && (
        <>
          <button type="button" className="carousel-button hero__arrow hero__arrow--prev" aria-label="Previous slide" data-carousel-step="-1">
            <ChevronIcon direction="left" />
          </button>
          <button type="button" className="carousel-button hero__arrow hero__arrow--next" aria-label="Next slide" data-carousel-step="1">
            <ChevronIcon direction="right" />
          </button>
        </>
      )}
    </section>
  );
}
