/**
 * The focus ring's contrast (WCAG 1.4.11 Non-text Contrast; decision 010), shared by the unit test over
 * the CSS colours and the Chromium test over computed styles. The ring is two-tone (technique C40):
 * a dark ring with a light band on each side. It meets 3:1 against a background when the ring or
 * the band differs from that background by 3:1, and the two differ from each other by 3:1 (so the
 * ring stays visible where the band meets it).
 */
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

/** WCAG 1.4.11's minimum for the parts of a user-interface component, focus indicators included. */
export const MIN_NON_TEXT_CONTRAST = 3;

/**
 * A CSS colour painted over `under` (both any CSS colour string colord reads): the opaque colour
 * the eye sees. Source-over compositing per channel, as browsers paint an alpha colour.
 */
export function over(colour: string, under: string): Colord {
  const top = colord(colour).toRgb();
  const base = colord(under).toRgb();
  const a = top.a;
  return colord({ r: top.r * a + base.r * (1 - a), g: top.g * a + base.g * (1 - a), b: top.b * a + base.b * (1 - a), a: 1 });
}

/** WCAG contrast ratio of two opaque colours (colord's a11y plugin, to 2 decimals). */
export function contrast(a: string | Colord, b: string | Colord): number {
  return colord(a).contrast(b);
}

/** What the ring shows against `background`: its best part's contrast, and the ring against its band. */
export function ringContrast(ring: string, halo: string, background: string): { best: number; ringToHalo: number } {
  return { best: Math.max(contrast(ring, background), contrast(halo, background)), ringToHalo: contrast(ring, halo) };
}
