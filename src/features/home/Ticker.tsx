/**
 * The announcement ticker (docs/rules.md#the-information-pages): its items scroll left continuously, one pixel
 * every 30 ms, and start again from the right edge once they have fully left the view. It stops
 * while the mouse is over it, while keyboard focus is inside it, and when paused with its button.
 * It starts with the items in view (reduced motion: it stays there until Play is pressed).
 *
 * The behaviour is islands/ticker.ts (decision 020), which the home page's island
 * script installs before React starts; this component renders the markup it works on and
 * installs the same controller, which keeps the position: React re-renders only the text of an
 * item that changes with the edition's phase (its `endedText`).
 */
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { TickerItem } from '../../content/types';
import { PhaseVariants } from '../../components/PhaseVariants';
import { phaseWindowList } from '../../shared/edition';
import { mergeWindows } from '../../shared/schedule';
import { installTicker } from './islands/ticker';
import { ROTATION_CONTROL } from './islands/rotation';
import { PlayPauseContent, playPauseLabels } from './PlayPause';
import './ticker.css';

/** Before and after the conference's end: an item's `endedText` replaces its text from then on (docs/decisions/031-edition-phases.md). */
const endWindows = mergeWindows(phaseWindowList, (w) => (w.phase === 'ended' ? 'ended' : 'ahead'));

/** The scrolling announcement strip with its Pause/Play button. */
export function Ticker({ items, label = 'News ticker' }: { items: TickerItem[]; label?: string }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const ticker = installTicker(ref.current!);
    return () => ticker.destroy();
  }, []);

  return (
    <section ref={ref} className="ticker" aria-label={label} data-island="ticker">
      <span className="ticker__badge" aria-hidden="true">
        News
      </span>
      <div className="ticker__viewport">
        <ul className="ticker__track" data-testid="ticker-track">
          {items.map((item) => (
            <li key={item.link + item.text} className="ticker__item">
              <Link to={item.link} className="ticker__link">
                {item.endedText ? (
                  <PhaseVariants windows={endWindows} as="span">
                    {(w) => (w.key === 'ended' ? item.endedText : item.text)}
                  </PhaseVariants>
                ) : (
                  item.text
                )}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="carousel-button carousel-button--icon ticker__pause" {...playPauseLabels('Pause ticker', 'Play ticker')} {...{ [ROTATION_CONTROL]: '' }}>
        <PlayPauseContent />
      </button>
    </section>
  );
}
