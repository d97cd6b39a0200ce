/**
 * The Announcements poster carousel (spec part 1 section 4): one poster at a time, advancing every
 * 10 s and wrapping around, with Previous, Pause/Play and Next buttons. Hovering it or moving
 * keyboard focus into it pauses it.
 */
import { useState } from 'react';
import 'keen-slider/keen-slider.min.css';
import type { AnnouncementPoster } from '../../content/types';
import { rotationControlAttr, useAutoAdvance, useInterval } from './useAutoAdvance';
import { useSliderOnNeed } from './useSliderOnNeed';
import { ChevronIcon, PauseIcon, PlayIcon } from './icons';
import './carousel.css';

/** Time each poster stays (spec part 1 section 9: announcements 10 s). */
export const POSTER_INTERVAL_MS = 10_000;

/** Posters are 800 x 1100. */
const POSTER_WIDTH = 800;
const POSTER_HEIGHT = 1100;

/** The poster carousel with its heading. */
export function PosterCarousel({ posters, intervalMs = POSTER_INTERVAL_MS }: { posters: AnnouncementPoster[]; intervalMs?: number }) {
  const [current, setCurrent] = useState(0);
  const { userPaused, running, toggle, containerProps } = useAutoAdvance();
  const { trackProps, next, prev } = useSliderOnNeed<HTMLDivElement>({
    loop: true,
    defaultAnimation: { duration: 500 },
    slideChanged: (s) => setCurrent(s.track.details.rel),
  });
  useInterval(running && posters.length > 1, intervalMs, next);

  return (
    <section
      className="card home-card posters"
      aria-roledescription="carousel"
      aria-labelledby="posters-heading"
      {...containerProps}
    >
      <h2 id="posters-heading">Announcements</h2>
      <div className="posters__frame">
        <div {...trackProps} className="keen-slider posters__slides" aria-live={running ? 'off' : 'polite'}>
          {posters.map((poster, index) => (
            <div
              key={poster.image}
              className="keen-slider__slide posters__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${posters.length}`}
              aria-hidden={index === current ? undefined : true}
            >
              <img
                src={poster.image}
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
        <button
          type="button"
          className="carousel-button"
          aria-label="Previous poster"
          onClick={prev}
        >
          <ChevronIcon direction="left" />
        </button>
        <button
          type="button"
          className="carousel-button"
          aria-label={userPaused ? 'Play posters' : 'Pause posters'}
          onClick={toggle}
          {...rotationControlAttr}
        >
          {userPaused ? <PlayIcon /> : <PauseIcon />}
          <span aria-hidden="true">{userPaused ? 'Play' : 'Pause'}</span>
        </button>
        <button type="button" className="carousel-button" aria-label="Next poster" onClick={next}>
          <ChevronIcon direction="right" />
        </button>
        <span className="posters__position" aria-hidden="true">
          {current + 1} / {posters.length}
        </span>
      </div>
    </section>
  );
}
