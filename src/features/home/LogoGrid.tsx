/**
 * A grid of logos (sponsors, organisers). A card's `width` (relative, in %) sets how much of its
 * cell the logo fills; cards without one fill the cell. Logos are lazy-loaded and sized by their
 * intrinsic ratio (width/height attributes), so nothing shifts when they arrive.
 */
import type { LogoCard } from '../../content/types';

export interface LogoGridProps {
  heading: string;
  /** Element id of the heading (the section's name). */
  id: string;
  logos: LogoCard[];
  /** Intrinsic size of the logo files (src/content/sponsors.ts: 320 x 160). */
  intrinsicWidth?: number;
  intrinsicHeight?: number;
  variant?: 'sponsors' | 'organisers';
}

/** A headed section with one cell per logo. */
export function LogoGrid({ heading, id, logos, intrinsicWidth = 320, intrinsicHeight = 160, variant = 'sponsors' }: LogoGridProps) {
  return (
    <section className={`logo-section logo-section--${variant}`} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className={`logo-grid logo-grid--${variant}`}>
        {logos.map((logo) => (
          <li key={logo.src} className="logo-grid__cell">
            <img
              src={logo.src}
              alt={logo.alt}
              width={intrinsicWidth}
              height={intrinsicHeight}
              loading="lazy"
              decoding="async"
              style={{ width: `${logo.width ?? 100}%` }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
