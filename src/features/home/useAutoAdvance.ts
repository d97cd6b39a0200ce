/**
 * Shared play/pause logic of everything on the home page that moves by itself (hero carousel,
 * ticker, poster carousel): it runs unless the user paused it with its button, the mouse is over
 * it, or keyboard focus is inside it (except on the play/pause button itself, so that button can
 * restart it). With prefers-reduced-motion it starts paused; the button can still start it.
 */
import { useEffect, useEffectEvent, useState, type FocusEvent, type PointerEvent } from 'react';
import { useReducedMotion } from './useNow';

/** Marks the play/pause button: focus on it does not pause. */
export const rotationControlAttr = { 'data-rotation-control': '' } as const;

/** The play/pause state of one auto-advancing element and the handlers for its container. */
export function useAutoAdvance() {
  const reducedMotion = useReducedMotion();
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const userPaused = choice === null ? reducedMotion : choice === 'pause';
  return {
    /** Paused by the user (or by reduced motion until the user presses Play). Drives the button's label. */
    userPaused,
    /** Whether it should move right now. */
    running: !userPaused && !hovered && !focused,
    /** The play/pause button's action. */
    toggle: () => setChoice(userPaused ? 'play' : 'pause'),
    /** Spread on the container. */
    containerProps: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') setHovered(true);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') setHovered(false);
      },
      onFocus: (event: FocusEvent) => {
        const target = event.target as HTMLElement;
        setFocused(target.matches(':focus-visible') && !target.closest('[data-rotation-control]'));
      },
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

/** Calls `step` every `intervalMs` while `running`; the interval restarts whenever it resumes. */
export function useInterval(running: boolean, intervalMs: number, step: () => void) {
  const onStep = useEffectEvent(step);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => onStep(), intervalMs);
    return () => clearInterval(id);
  }, [running, intervalMs]);
}
