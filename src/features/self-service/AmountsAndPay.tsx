/**
 * The amount table and pay button of a paid self-service change (docs/rules.md#the-self-service-pages: "a
 * summary of the amounts and a pay button"; docs/rules.md#fees-arithmetic-and-timings: base, GST, convenience fee, total), shared
 * by the tier-upgrade / IEEE-change page and the name-transfer page. Money is passed in minor
 * units with the page's formatter.
 */
import type { Ref } from 'react';
import { words } from '../../components/self-service-words';

export interface Amounts {
  base: number;
  gst: number;
  gstPercent: number;
  convenienceFee: number;
  convenienceFeePercent: number;
  total: number;
}

export function AmountsAndPay({
  amounts,
  caption,
  baseLabel,
  money,
  paying,
  disabled,
  onPay,
  buttonRef,
}: {
  amounts: Amounts;
  /** Screen-reader caption of the table, e.g. 'Amount due for the change'. */
  caption: string;
  /** The first row's label, e.g. 'Fee difference' or 'Processing fee'. */
  baseLabel: string;
  money: (minor: number) => string;
  paying: boolean;
  disabled: boolean;
  onPay: () => void;
  /** The pay button, so the page can give it focus back when Checkout closes. */
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <>
      <table className="ss-amounts">
        <caption className="visually-hidden">{caption}</caption>
        <tbody>
          <tr>
            <th scope="row">{baseLabel}</th>
            <td>{money(amounts.base)}</td>
          </tr>
          <tr>
            <th scope="row">GST ({amounts.gstPercent}%)</th>
            <td>{money(amounts.gst)}</td>
          </tr>
          <tr>
            <th scope="row">Convenience fee ({amounts.convenienceFeePercent}%)</th>
            <td>{money(amounts.convenienceFee)}</td>
          </tr>
          <tr>
            <th scope="row">Total</th>
            <td data-testid="change-total">{money(amounts.total)}</td>
          </tr>
        </tbody>
      </table>
      <div className="button-row">
        <button ref={buttonRef} type="button" className="button" onClick={onPay} disabled={disabled} aria-busy={paying || undefined}>
          {paying ? words.processing : `Pay ${money(amounts.total)}`}
        </button>
      </div>
    </>
  );
}
