/**
 * Countdown display shared by the Upcoming Events card and the conference countdown: days,
 * hours, minutes and seconds. role="timer" is not announced on every tick (its implicit
 * aria-live is off), so screen readers are not flooded once a second.
 */
import type { CountdownParts } from '../../shared/schedule';
import { useHydrated } from '../../lib/clock';

const units = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * Four boxes: the number (hours, minutes and seconds with two digits) over its unit. Until the
 * page is hydrated (and in the prerendered HTML, read without JavaScript) each number is '--'
 * rather than a figure frozen at build time; the boxes have a fixed width, so nothing moves.
 */
export function Countdown({ parts, label }: { parts: CountdownParts; label: string }) {
  const live = useHydrated();
  return (
    <div className="countdown" role="timer" aria-label={label}>
      {units.map(([key, unit]) => (
        <div key={key} className="countdown__part" data-unit={key}>
          <span className="countdown__value">{!live ? '--' : key === 'days' ? parts[key] : String(parts[key]).padStart(2, '0')}</span>
          <span className="countdown__unit">{unit}</span>
        </div>
      ))}
    </div>
  );
}
