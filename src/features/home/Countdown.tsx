/**
 * Countdown display shared by the Upcoming Events card and the conference countdown: days,
 * hours, minutes and seconds to `target`, and a Pause button that stops the figures (WCAG 2.2.2);
 * under reduced motion they start paused. role="timer" is not announced on every tick (its
 * implicit aria-live is off), so screen readers are not flooded once a second.
 *
 * The figures and the button are islands/countdown.ts (decision 020), which the home
 * page's island script installs right after the load event, before React; this component renders
 * the markup it works on and installs the same controller. Each number is '--' in the markup (the
 * prerendered HTML, read without JavaScript, holds no figure frozen at build time); the controller
 * writes the figures, so hydration keeps whatever text it finds there. The boxes have a fixed
 * width: nothing moves.
 */
import { useLayoutEffect, useRef } from 'react';
import { installCountdown } from './islands/countdown';
import { playPauseLabels } from './PlayPause';

const units = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * Four boxes and the Pause/Resume button. A new `target` is a new countdown: give the element a
 * `key` that changes with it (its controller, and its pause, start afresh).
 */
export function Countdown({ target, label }: { target: Date; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const countdown = installCountdown(ref.current!);
    return () => countdown.destroy();
  }, []);
  return (
    <div ref={ref} className="countdown-wrap" data-island="countdown" data-target={target.getTime()}>
      <div className="countdown" role="timer" aria-label={label}>
        {units.map(([key, unit]) => (
          <div key={key} className="countdown__part" data-unit={key}>
            <span className="countdown__value" suppressHydrationWarning>
              --
            </span>
            <span className="countdown__unit">{unit}</span>
          </div>
        ))}
      </div>
      <button type="button" className="countdown__toggle" {...playPauseLabels(`Pause countdown: ${label}`, `Resume countdown: ${label}`)}>
        <span className="when-running">Pause countdown</span>
        <span className="when-paused">Resume countdown</span>
      </button>
    </div>
  );
}
