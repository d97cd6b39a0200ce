/**
 * Step 9, 'Summary and payment' (docs/rules.md#the-registration-wizard, #messages, #fees-arithmetic-and-timings): a review of the entries,
 * the charges from the shared computeCharges, and the coupon box. The Pay Now button sits in
 * the wizard's action row.
 */
import { useEffect, useId, useState, type Dispatch, type SetStateAction } from 'react';
import { useWatch } from 'react-hook-form';
import { postJson, failureMessage } from '../../../../lib/api';
import type { CouponVerifyResponse, EmailCheckResponse } from '../../../../shared/api';
import { apiPaths } from '../../../../shared/api-paths';
import { INVALID_COUPON_MESSAGE } from '../../../../shared/messages';
import { formatMoney } from '../../../../shared/money';
import { fullName } from '../../../../shared/person-name';
import { computeCharges, findTier, isIeeeTier, isStudentTier, type Pricing } from '../../../../shared/pricing';
import { couponTierError } from '../../../../shared/tier-rules';
import type { RegistrationFormDraft } from '../../../../shared/registration-form';
import { formatWholeFee } from '../../format';
import type { CouponState } from '../model';
import { dietaryLabels } from './DietaryStep';
import { STUDENT_PROOF_NOTE } from './TierStep';

interface SummaryStepProps {
  pricing: Pricing;
  coupon: CouponState;
  setCoupon: Dispatch<SetStateAction<CouponState>>;
  /** Disables the coupon controls while a payment is being set up. */
  paying: boolean;
}

/** Shown when the coupon could not be checked (no connection). */
const COUPON_CHECK_FAILED = 'Could not check the coupon. Please try again.';

const yesNo = (v: string) => (v === 'yes' ? 'Yes' : v === 'no' ? 'No' : '');

/**
 * Whether `email` already has a registration (POST /api/registrations/email-check), or null
 * while unknown. A failed check shows nothing: the hint is a courtesy, never a barrier.
 */
function useAlreadyRegistered(email: string): boolean | null {
  const [answer, setAnswer] = useState<{ email: string; registered: boolean } | null>(null);
  useEffect(() => {
    if (!email.trim()) return;
    let active = true;
    void postJson<EmailCheckResponse>(apiPaths.emailCheck, { email }).then((result) => {
      if (active && result.ok && typeof result.data?.registered === 'boolean') setAnswer({ email, registered: result.data.registered });
    });
    return () => {
      active = false;
    };
  }, [email]);
  return answer && answer.email === email ? answer.registered : null;
}

/**
 * The duplicate-registration hint: duplicate payments are the commonest support
 * request, so a delegate whose address is already registered is told before paying, without
 * any detail of that registration, and can still go on.
 */
function AlreadyRegisteredHint({ email }: { email: string }) {
  const registered = useAlreadyRegistered(email);
  return (
    <div role="status" className="summary__duplicate-slot">
      {registered ? (
        <div className="notice summary__duplicate">
          <p>
            <strong>This e-mail address already has a registration for PESGRE 2025.</strong>
          </p>
          <p>
            If you registered before, there is no need to pay again: look for the confirmation e-mail with your ticket. If this
            is a further registration (for another paper, say), you can go ahead and pay below.
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** A row of the charges table for extra tickets: how many at what unit price (both as shown), and their amount. */
function ExtraTicketsRow({ label, count, unitPrice, amount }: { label: string; count: number; unitPrice: string; amount: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="charges__detail">
        {count} × {unitPrice}
      </td>
      <td className="num">{amount}</td>
    </tr>
  );
}

/** Review, charges and coupon. */
export function SummaryStep({ pricing, coupon, setCoupon, paying }: SummaryStepProps) {
  const values = useWatch<RegistrationFormDraft>() as RegistrationFormDraft;
  const couponInputId = useId();
  const couponMessageId = useId();
  const tier = findTier(pricing, values.registrationTier);
  if (!tier) {
    return <p className="notice notice--error">Please go back and select a registration tier.</p>;
  }
  const charges = computeCharges(pricing, values, coupon.applied?.type ?? null);
  const money = (minor: number) => formatMoney(minor, charges.currency);
  const receptionTickets = values.welcomeReception === 'yes' ? values.additionalReceptionTickets : 0;
  const dinnerTickets = values.galaDinner === 'yes' ? values.additionalGalaDinnerTickets : 0;

  const toggleCoupon = (enabled: boolean) => {
    // Ticking or unticking always starts the coupon over (docs/rules.md#the-registration-wizard).
    setCoupon({ enabled, code: '', applied: null, message: null, checking: false });
  };

  const applyCoupon = async () => {
    const tierError = couponTierError(tier.id);
    if (tierError) {
      setCoupon((c) => ({ ...c, applied: null, message: { kind: 'error', text: tierError } }));
      return;
    }
    // The shared coupon-code rule (zod) is fetched on the first Apply, not with the page.
    let couponCodeSchema;
    try {
      ({ couponCodeSchema } = await import('../../../../shared/api'));
    } catch {
      setCoupon((c) => ({ ...c, applied: null, message: { kind: 'error', text: COUPON_CHECK_FAILED } }));
      return;
    }
    const parsed = couponCodeSchema.safeParse(coupon.code);
    if (!parsed.success) {
      setCoupon((c) => ({ ...c, applied: null, message: { kind: 'error', text: parsed.error.issues[0]?.message ?? INVALID_COUPON_MESSAGE } }));
      return;
    }
    const code = parsed.data;
    setCoupon((c) => ({ ...c, applied: null, message: null, checking: true }));
    const result = await postJson<CouponVerifyResponse>(apiPaths.couponVerify, { code, registrationTier: tier.id });
    if (result.ok && result.data?.valid && (result.data.type === 'full' || result.data.type === 'half')) {
      const type = result.data.type;
      const text = `Coupon ${code} applied: ${type === 'full' ? 'the registration fee is waived' : '50% off the registration fee'}.`;
      setCoupon((c) => ({ ...c, applied: { code, type }, message: { kind: 'success', text }, checking: false }));
      return;
    }
    const text = result.ok
      ? result.data?.message || INVALID_COUPON_MESSAGE
      : result.network
        ? COUPON_CHECK_FAILED
        : failureMessage(result, INVALID_COUPON_MESSAGE);
    setCoupon((c) => ({ ...c, applied: null, message: { kind: 'error', text }, checking: false }));
  };

  const review: [string, [string, string][]][] = [
    [
      'Participant',
      [
        ['Name', fullName(values)],
        ['Organization', values.organization],
        ['ID/Passport Number', values.idNumber],
        ['Address', [values.address, values.city, values.state, values.postcode, values.country].filter(Boolean).join(', ')],
        ['Mobile', values.mobile],
        ['Email', values.email],
      ],
    ],
    [
      'Registration',
      [
        ['Registration tier', tier.label],
        ...(isIeeeTier(tier.id) ? ([['IEEE Member Number', values.ieeeMemberNumber]] as [string, string][]) : []),
        // Every tier, a student's too (a student may name one paper).
        ['Paper ID', values.noPaper ? 'I did not submit a paper' : values.paperId],
        ['Welcome Reception', yesNo(values.welcomeReception) + (receptionTickets ? ` (+${receptionTickets} additional)` : '')],
        ['Gala Dinner', yesNo(values.galaDinner) + (dinnerTickets ? ` (+${dinnerTickets} additional)` : '')],
        [
          'Dietary requirements',
          (values.dietaryRequirements ?? [])
            .map((d) => (d === 'OTHER' && values.dietaryOtherText ? `Other: ${values.dietaryOtherText}` : dietaryLabels[d]))
            .join(', '),
        ],
      ],
    ],
    [
      'Billing',
      [
        ['Billing Organization', values.billingOrganization],
        ['Billing Tax Number', values.billingTaxNumber],
        [
          'Billing Address',
          [values.billingAddress, values.billingCity, values.billingState, values.billingPostcode, values.billingCountry].filter(Boolean).join(', '),
        ],
        ['Billing Email', values.billingEmail],
      ],
    ],
  ];

  return (
    <div className="summary">
      <AlreadyRegisteredHint email={values.email ?? ''} />
      {isStudentTier(tier.id) ? <p className="notice">{STUDENT_PROOF_NOTE}</p> : null}
      <section aria-labelledby="review-heading" className="summary__review">
        <h3 id="review-heading">Review your details</h3>
        {review.map(([group, rows]) => (
          <div key={group} className="review-group">
            <h4>{group}</h4>
            <dl>
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </section>

      <section aria-labelledby="charges-heading" className="summary__charges">
        <h3 id="charges-heading">Charges</h3>
        <table className="charges">
          <tbody>
            <tr>
              <th scope="row">Registration fee</th>
              <td className="charges__detail">{tier.label}</td>
              <td className="num">{money(charges.baseFee)}</td>
            </tr>
            {coupon.applied && (
              <tr>
                <th scope="row">Coupon discount</th>
                <td className="charges__detail">
                  {coupon.applied.code} ({coupon.applied.type === 'full' ? '100%' : '50%'})
                </td>
                <td className="num">−{money(charges.baseFee - charges.registrationFee)}</td>
              </tr>
            )}
            <ExtraTicketsRow label="Welcome reception extra tickets" count={receptionTickets} unitPrice={formatWholeFee(pricing.welcomeReception[charges.currency], charges.currency)} amount={money(charges.welcomeReceptionExtraFee)} />
            <ExtraTicketsRow label="Gala dinner extra tickets" count={dinnerTickets} unitPrice={formatWholeFee(pricing.galaDinner[charges.currency], charges.currency)} amount={money(charges.galaDinnerExtraFee)} />
            <tr className="charges__subtotal">
              <th scope="row">Subtotal</th>
              <td />
              <td className="num">{money(charges.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row">GST ({pricing.gst}%)</th>
              <td />
              <td className="num">{money(charges.gst)}</td>
            </tr>
            <tr>
              <th scope="row">Convenience fee ({pricing.convinienceFee}%)</th>
              <td className="charges__detail">of subtotal plus GST</td>
              <td className="num">{money(charges.convenienceFee)}</td>
            </tr>
            <tr className="charges__total">
              <th scope="row">Total</th>
              <td />
              <td className="num">{money(charges.total)}</td>
            </tr>
          </tbody>
        </table>

        <div className="coupon">
          <div className="check">
            <input
              type="checkbox"
              id="coupon-enabled"
              checked={coupon.enabled}
              disabled={paying}
              onChange={(e) => toggleCoupon(e.target.checked)}
            />
            <label htmlFor="coupon-enabled">I have a coupon code</label>
          </div>
          {coupon.enabled && (
            <div className="coupon__entry">
              <div className="field">
                <label htmlFor={couponInputId}>Coupon code</label>
                <input
                  id={couponInputId}
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  value={coupon.code}
                  disabled={paying}
                  aria-describedby={coupon.message ? couponMessageId : undefined}
                  aria-invalid={coupon.message?.kind === 'error' || undefined}
                  onChange={(e) => {
                    const code = e.target.value;
                    // A changed code is no longer the applied one.
                    setCoupon((c) => ({ ...c, code, applied: null, message: null }));
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void applyCoupon();
                    }
                  }}
                />
              </div>
              <button type="button" className="button button--secondary" onClick={() => void applyCoupon()} disabled={paying || coupon.checking}>
                Apply Coupon
              </button>
            </div>
          )}
          {/* Live regions stay in the DOM; only their text comes and goes, so it is announced. */}
          <div role="status">
            {coupon.enabled && coupon.message?.kind === 'success' && (
              <p id={couponMessageId} className="coupon__applied">
                {coupon.message.text}
              </p>
            )}
            {coupon.checking && <p className="status">Checking coupon...</p>}
          </div>
          <div role="alert">
            {coupon.enabled && coupon.message?.kind === 'error' && (
              <p id={couponMessageId} className="field__error">
                {coupon.message.text}
              </p>
            )}
          </div>
        </div>
      </section>
    </div>
  );
}
