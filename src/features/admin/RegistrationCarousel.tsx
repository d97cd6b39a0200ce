/**
 * The dashboard's carousel of the latest registrations (docs/rules.md#the-admin-area): one card at a time in a 420 px tall frame, with previous and next buttons that
 * wrap around. A registration changed after payment also lists its changes, one line each.
 */
import { useState } from 'react';
import { fullName } from '../../shared/person-name';
import { registrationStatus } from '../../shared/registration-status';
import { changeLine, changesOf, displayValue, formatDateTime, NO_COUPON, tierLabel, type AdminRegistration } from './registration-view';

/** The fields of one card, in the order of docs/rules.md#the-admin-area, then the status; the coupon row is left out when it is 'NoCoupon'. */
export function cardFields(r: AdminRegistration): [label: string, value: string][] {
  const fields: [string, unknown][] = [
    ['Registration Number', r.registrationNumber],
    ['Full Name', fullName(r)],
    ['Organization', r.organization],
    ['Country', r.country],
    ['Email', r.email],
    ['Mobile', r.mobile],
    ['Tier', tierLabel(r.registrationTier)],
    ['IEEE Number', r.ieeeMemberNumber],
    ['Paper ID', r.noPaper ? 'NoPaper' : r.paperId],
    ['Order ID', r.orderId],
    ['Payment ID', r.paymentId],
  ];
  if (r.couponCode && r.couponCode !== NO_COUPON) fields.push(['Coupon', r.couponCode]);
  fields.push(['Created', formatDateTime(r.createdAt)]);
  // confirmed, awaiting-proof, membership-to-verify or cancelled.
  fields.push(['Status', registrationStatus(r)]);
  return fields.map(([label, value]) => [label, displayValue(value)]);
}

/** One registration at a time; Previous/Next wrap from the last to the first and back. */
export function RegistrationCarousel({ registrations }: { registrations: readonly AdminRegistration[] }) {
  const [index, setIndex] = useState(0);
  const count = registrations.length;
  if (count === 0) {
    return (
      <div className="carousel carousel--empty">
        <p>No registrations to show.</p>
      </div>
    );
  }
  const current = Math.min(index, count - 1);
  const r = registrations[current]!;
  const go = (delta: number) => setIndex((current + delta + count) % count);
  const changes = changesOf(r);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label="Latest registrations">
      {/* Focusable: a card with a long history (or on a phone) scrolls inside the fixed 420 px frame, and keyboard users must be able to scroll it. */}
      <div className="carousel__viewport" aria-live="polite" tabIndex={0}>
        <article
          className="carousel__card"
          aria-roledescription="slide"
          aria-label={`Registration ${current + 1} of ${count}`}
          key={r.registrationNumber ?? current}
        >
          <dl className="carousel__fields">
            {cardFields(r).map(([label, value]) => (
              <div key={label} className="carousel__field">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {changes.length > 0 && (
              <div className="carousel__field carousel__field--wide">
                <dt>Changes</dt>
                <dd>
                  <ul className="change-list change-list--compact">
                    {changes.map((c, i) => (
                      <li key={`${c.atIso}-${i}`}>{changeLine(c)}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
        </article>
      </div>
      <div className="carousel__controls">
        <button type="button" className="button button--secondary" aria-label="Previous registration" onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="carousel__position">
          {current + 1} / {count}
        </span>
        <button type="button" className="button button--secondary" aria-label="Next registration" onClick={() => go(1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
