/**
 * The contents of a Play/Pause button whose state the islands' controllers keep (decision 020): both icons (and texts), of which home.css shows the one for the button's
 * `data-paused` state. React renders them once and never changes them, so the prerendered HTML,
 * the island and React agree, and hydration never meets a text it did not render.
 */
import { PauseIcon, PlayIcon } from './icons';

/** The button's attributes for `pause` / `play` labels (controllers.ts showPaused switches aria-label between them). */
export function playPauseLabels(pause: string, play: string) {
  return { 'aria-label': pause, 'data-label-pause': pause, 'data-label-play': play } as const;
}

/** Pause and Play icons, each with its visible text when given. */
export function PlayPauseContent({ pauseText, playText }: { pauseText?: string; playText?: string }) {
  return (
    <>
      <span className="when-running">
        <PauseIcon />
        {pauseText && <span aria-hidden="true">{pauseText}</span>}
      </span>
      <span className="when-paused">
        <PlayIcon />
        {playText && <span aria-hidden="true">{playText}</span>}
      </span>
    </>
  );
}
