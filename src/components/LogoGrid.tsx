/**
 * A grid of logos (sponsors, organisers), used by the home page and the Industry Sponsor page.
 * Takes a heading, its element id and the logo cards; renders one card per logo (the cell is the
 * card: the SVG marks have no frame of their own) with the caption under it. A card's `width`
 * (relative, in %) sets how much of its cell the mark fills. The cells wrap in centred rows, so
 * a short last row sits in the middle. Sample cards carry the SAMPLE badge.
 */
import type { LogoCard } from '../content/types';
import { SampleBadge } from './SampleBadge';
import './logo-grid.css';

export interface LogoGridProps {
  heading: string;
  /** Element id of the heading (the section's name). */
  id: string;
  logos: LogoCard[];
  /** Intrinsic size of the logo files (src/content/sponsors.ts: 320 x 160). */
  intrinsicWidth?: number;
  intrinsicHeight?: number;
  variant?: 'sponsors' | 'organisers';
  /** Load the first logo eagerly (when the grid is near the top of its page). */
  eagerFirst?: boolean;
}

/** A headed section with one card per logo. */
export function LogoGrid({ heading, id, logos, intrinsicWidth = 320, intrinsicHeight = 160, variant = 'sponsors', eagerFirst = false }: LogoGridProps) {
  return (
    <section className={`logo-section logo-section--${variant}`} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className={`logo-grid logo-grid--${variant}`}>
        {logos.map((logo, index) => (
          <li key={logo.src} className="logo-grid__cell">
            <span className="logo-grid__mark">
              <img
                src={logo.src}
                alt={logo.alt}
                width={intrinsicWidth}
                height={intrinsicHeight}
                loading={eagerFirst && index === 0 ? undefined : 'lazy'}
                decoding="async"
                style={{ width: `${logo.width ?? 100}%` }}
              />
            </span>
            {logo.caption || logo.sample ? (
              // The caption repeats the image's alt text for sighted readers; hidden from screen readers to avoid saying it twice.
              <span className="logo-grid__caption">
                {logo.caption ? <span aria-hidden={logo.caption === logo.alt ? true : undefined}>{logo.caption}</span> : null}
                {logo.sample ? <SampleBadge /> : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
