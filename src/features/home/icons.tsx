/** Small inline icons of the home page's controls (decorative: the buttons carry the labels). */

/** Two bars. */
export function PauseIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
      <path d="M3 2h3v10H3zM8 2h3v10H8z" fill="currentColor" />
    </svg>
  );
}

/** A right-pointing triangle. */
export function PlayIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
      <path d="M3 1.5l9 5.5-9 5.5z" fill="currentColor" />
    </svg>
  );
}

/** A chevron pointing left or right. */
export function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
      <path d={direction === 'left' ? 'M13 3l-7 7 7 7' : 'M7 3l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2.2" />
    </svg>
  );
}
