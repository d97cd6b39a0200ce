/**
 * The announcement ticker (spec part 1 section 4): its items scroll left continuously, one pixel
 * every 30 ms, and start again from the right edge once they have fully left the view. It stops
 * while the mouse is over it, while keyboard focus is inside it, and when paused with its button.
 * It starts with the items in view (reduced motion: it stays there until Play is pressed).
 * The position is written straight to the element's style, so the 33 steps a second do not
 * re-render React.
 */
import { useRef, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import type { TickerItem } from '../../content/types';
import { rotationControlAttr, useAutoAdvance, useInterval } from './useAutoAdvance';
import { PauseIcon, PlayIcon } from './icons';
import './ticker.css';

/** One step every 30 ms (spec part 1 section 9: ticker step 30 ms). */
export const TICKER_STEP_MS = 30;
/** Pixels moved per step. */
export const TICKER_STEP_PX = 1;

/** The scrolling announcement strip with its Pause/Play button. */
export function Ticker({ items, label = 'News ticker' }: { items: TickerItem[]; label?: string }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const offset = useRef(0);
  const { userPaused, running, toggle, containerProps } = useAutoAdvance();

  const moveTo = (x: number) => {
    offset.current = x;
    if (trackRef.current) trackRef.current.style.transform = `translateX(${x}px)`;
  };

  useInterval(running, TICKER_STEP_MS, () => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!viewport || !track) return;
    const next = offset.current - TICKER_STEP_PX;
    // Fully out of view on the left: come back in from the right edge.
    moveTo(next + track.offsetWidth <= 0 ? viewport.clientWidth : next);
  });

  /** A focused link is brought into view (the strip stops while focus is inside). */
  const onLinkFocus = (event: FocusEvent<HTMLAnchorElement>) => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    viewport.scrollLeft = 0;
    const link = event.currentTarget;
    const left = offset.current + link.offsetLeft;
    if (left < 0 || left + link.offsetWidth > viewport.clientWidth) moveTo(-link.offsetLeft);
  };

  return (
    <section className="ticker" aria-label={label} {...containerProps}>
      <span className="ticker__badge" aria-hidden="true">
        News
      </span>
      <div ref={viewportRef} className="ticker__viewport">
        <ul ref={trackRef} className="ticker__track" data-testid="ticker-track">
          {items.map((item) => (
            <li key={item.link + item.text} className="ticker__item">
              <Link to={item.link} className="ticker__link" onFocus={onLinkFocus}>
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="carousel-button carousel-button--icon ticker__pause"
        aria-label={userPaused ? 'Play ticker' : 'Pause ticker'}
        onClick={toggle}
        {...rotationControlAttr}
      >
        {userPaused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </section>
  );
}
