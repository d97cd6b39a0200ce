/**
 * The small SAMPLE badge beside content that is not yet the edition's real content (an object
 * marked `sample: true` in src/content; `npm run content:report` lists them). Takes nothing,
 * renders an inline label whose accessible text says what it means.
 */
export function SampleBadge() {
  return (
    <span className="sample-badge" title="Sample content: to be replaced before the site goes live">
      SAMPLE<span className="visually-hidden"> content, to be replaced</span>
    </span>
  );
}
