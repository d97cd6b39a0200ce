/**
 * The Announcements poster carousel (docs/rules.md#the-information-pages): one poster at a time, advancing every
 * 10 s and wrapping around, with Previous, Pause/Play and Next buttons. Hovering it or moving
 * keyboard focus into it pauses it.
 *
 * The behaviour is islands/carousel.ts (decision 020), as for the hero: this component
 * renders the markup (the first poster shown) and installs the same controller.
 */
import 'keen-slider/keen-slider.min.css';
import type { AnnouncementPoster } from '../../content/types';
import { slideImageProps, slideProps } from './islands/carousel';
import { useCarouselIsland } from './useCarouselIsland';
import { ROTATION_CONTROL } from './islands/rotation';
import { PlayPauseContent, playPauseLabels } from './PlayPause';
import { ChevronIcon } from './icons';
import './carousel.css';

/** Time each poster stays (docs/rules.md#the-information-pages: announcements 10 s). */
export const POSTER_INTERVAL_MS = 10_000;

/** Posters are 800 x 1100. */
const POSTER_WIDTH = 800;
const POSTER_HEIGHT = 1100;

/** The poster carousel with its heading. */
export function PosterCarousel({ posters, intervalMs = POSTER_INTERVAL_MS }: { posters: AnnouncementPoster[]; intervalMs?: number }) {
  const ref = useCarouselIsland();

  return (
    <section
      ref={ref}
      className="card home-card posters"
      aria-roledescription="carousel"
      aria-labelledby="posters-heading"
      data-island="carousel"
      data-interval={intervalMs}
      data-animation={500}
    >
      <h2 id="posters-heading">Announcements</h2>
      <div className="posters__frame">
        <div className="keen-slider posters__slides" aria-live="off">
          {posters.map((poster, index) => (
            <div
              key={poster.image}
              className="keen-slider__slide posters__slide"
              {...slideProps(index, posters.length)}
            >
              <img
                {...slideImageProps(poster.image, index)}
                alt={`${poster.label} poster`}
                width={POSTER_WIDTH}
                height={POSTER_HEIGHT}
                loading="lazy"
                decoding="async"
                draggable={false}
              />
              <p className="posters__label">{poster.label}</p>
            </div>
          ))}
        </div>
      </div>
      <div className="posters__controls">
        <button type="button" className="carousel-button" aria-label="Previous poster" data-carousel-step="-1">
          <ChevronIcon direction="left" />
        </button>
        <button type="button" className="carousel-button" {...playPauseLabels('Pause posters', 'Play posters')} {...{ [ROTATION_CONTROL]: '' }}>
          <PlayPauseContent pauseText="Pause" playText="Play" />
        </button>
        <button type="button" className="carousel-button" aria-label="Next poster" data-carousel-step="1">
          <ChevronIcon direction="right" />
        </button>
        {/* The controller writes the position (islands/carousel.ts): hydration keeps its text. */}
        <span className="posters__position" aria-hidden="true" data-carousel-position="" suppressHydrationWarning>
          {`1 / ${posters.length}`}
        </span>
      </div>
    </section>
  );
}
