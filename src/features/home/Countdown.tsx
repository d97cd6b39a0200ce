/**
 * Countdown display shared by the Upcoming Events card and the conference countdown: days,
 * hours, minutes and seconds. role="timer" is not announced on every tick (its implicit
 * aria-live is off), so screen readers are not flooded once a second. A Pause button stops the
 * figures (WCAG 2.2.2); under reduced motion they start paused (useCountdownNow).
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
export function Countdown({ parts, label, paused, onToggle }: { parts: CountdownParts; label: string; paused: boolean; onToggle: () => void }) {
  const live = useHydrated();
  return (
    <div className="countdown-wrap">
      <div className="countdown" role="timer" aria-label={label}>
        {units.map(([key, unit]) => (
          <div key={key} className="countdown__part" data-unit={key}>
            <span className="countdown__value">{!live ? '--' : key === 'days' ? parts[key] : String(parts[key]).padStart(2, '0')}</span>
            <span className="countdown__unit">{unit}</span>
          </div>
        ))}
      </div>
      <button type="button" className="countdown__toggle" aria-label={`${paused ? 'Resume' : 'Pause'} countdown: ${label}`} onClick={onToggle}>
        {paused ? 'Resume countdown' : 'Pause countdown'}
      </button>
    </div>
  );
}
