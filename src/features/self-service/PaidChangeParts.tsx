/**
 * The frame and summary card the paid self-service changes share (the tier-upgrade / IEEE-change
 * page and the name-transfer page; docs/rules.md#the-self-service-pages): the page in its layout,
 * its form until the conference has ended and why paid changes are closed after it (one variant
 * each in the HTML: decision 031's addendum), and the card summing up the order before payment.
 */
import { Fragment, type ReactNode, type Ref } from 'react';
import { ChangesClosedCard } from '../../components/ChangesClosed';
import { PhaseVariants } from '../../components/PhaseVariants';
import { SelfServiceLayout } from '../../components/SelfServiceLayout';
import { paidChangeWindows } from '../../shared/edition';

/** A paid change's page: `heading` (and the document `title`, when it differs), then `onSale` while changes are sold, else the closed card. */
export function PaidChangePage({ heading, title, onSale }: { heading: string; title?: string; onSale: ReactNode }) {
  return (
    <SelfServiceLayout className="ss" heading={heading} title={title}>
      <PhaseVariants windows={paidChangeWindows}>{(w) => (w.key === 'on-sale' ? onSale : <ChangesClosedCard />)}</PhaseVariants>
    </SelfServiceLayout>
  );
}

/**
 * The order's summary card: an <h2> (`id`; focusable through `headingRef`, which the page focuses
 * when the summary arrives), the `rows` as a description list of [term, value], then `children`
 * (the amounts and the pay button).
 */
export function SummaryCard({
  id,
  heading,
  headingRef,
  rows,
  children,
}: {
  id: string;
  heading: string;
  headingRef: Ref<HTMLHeadingElement>;
  rows: readonly (readonly [term: string, value: ReactNode])[];
  children: ReactNode;
}) {
  return (
    <section className="card ss-summary" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <dl>
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {children}
    </section>
  );
}
