/**
 * The message banner of the self-service pages (docs/rules.md#the-self-service-pages: "a message banner (info,
 * success, error)"). Two live regions stay in the DOM at all times, a polite one (role=status)
 * for info and success and an assertive one (role=alert) for errors: screen readers announce
 * changes to a region that already exists, not a region that appears together with its text.
 */
import type { Ref } from 'react';

export type BannerTone = 'info' | 'success' | 'error';

/** What the banner shows; null shows nothing. */
export interface Banner {
  tone: BannerTone;
  text: string;
}

/**
 * Renders `banner` in the region that fits its tone. `id` names the error region so invalid
 * controls can point at it with aria-describedby (`${id}-error`). `messageRef` gets the shown
 * message, which takes focus (tabIndex -1) when the page moves focus to its outcome.
 */
export function MessageBanner({ banner, id, messageRef }: { banner: Banner | null; id: string; messageRef?: Ref<HTMLParagraphElement> }) {
  const polite = banner && banner.tone !== 'error' ? banner : null;
  const assertive = banner?.tone === 'error' ? banner : null;
  return (
    <div className="ss-banner-slot">
      <div role="status" id={`${id}-status`}>
        {polite && (
          <p ref={messageRef} tabIndex={-1} className={`notice ss-banner ${polite.tone === 'success' ? 'notice--success' : ''}`}>
            {polite.text}
          </p>
        )}
      </div>
      <div role="alert" id={`${id}-error`}>
        {assertive && (
          <p ref={messageRef} tabIndex={-1} className="notice notice--error ss-banner">
            {assertive.text}
          </p>
        )}
      </div>
    </div>
  );
}
