/**
 * The dashboard's "Payments needing attention" panel: payments that were taken but could not be
 * applied to a registration (e.g. an upgrade and an IEEE change both paid for one registration),
 * newest first, for an organiser to refund or apply by hand. 'None' when the list is empty; a
 * failed load is only logged, like the dashboard's other loads (docs/rules.md#messages), and
 * shows '–' rather than 'None' so an outage never reads as "nothing to do".
 */
import { useEffect, useState } from 'react';
import { getAttentionPayments } from '../../lib/admin-api';
import { AdminList, type ListLoad } from './AdminList';
import { ATTENTION_COLUMNS, AttentionCells } from './attention-cells';
import { toAttentionRows, type AttentionRow } from './attention-view';

/** The line above the table: how many payments were not applied, and how many were applied past a coupon's limit. */
function attentionSummary(rows: readonly AttentionRow[]): string {
  const applied = rows.filter((r) => r.applied).length;
  const notApplied = rows.length - applied;
  const parts: string[] = [];
  if (notApplied) parts.push(`${notApplied === 1 ? '1 payment was' : `${notApplied} payments were`} taken but not applied. Refund or apply each by hand.`);
  if (applied) parts.push(`${applied === 1 ? '1 registration' : `${applied} registrations`} used a coupon past its limit. Let each stand or cancel it.`);
  return parts.join(' ');
}

type State = ListLoad<AttentionRow>;

/** The panel, loading its own data with the stored admin token. */
export function AttentionPanel() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    void getAttentionPayments(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      const rows = result.ok ? toAttentionRows(result.data) : null;
      if (rows) {
        setState({ status: 'loaded', rows });
      } else {
        // A 401 has ended the session (the guard redirects): nothing to log.
        if (result.status !== 401) console.error('Failed to load the payments needing attention', result);
        setState({ status: 'failed' });
      }
    });
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="admin-attention-heading" className="admin-section admin-attention card" data-testid="attention-panel">
      <h2 id="admin-attention-heading">Payments needing attention</h2>
      <AdminList
        load={state}
        loading="Loading payments needing attention..."
        failed="–"
        label="Payments needing attention list"
        wrapClassName="admin-attention__wrap"
        columns={[...ATTENTION_COLUMNS, 'Order ID']}
        rowKey={(row) => row.key}
        above={(rows) => <p className="admin-muted">{attentionSummary(rows)}</p>}
        cells={(row) => (
          <>
            <AttentionCells row={row} />
            <td>{row.orderId}</td>
          </>
        )}
      />
    </section>
  );
}
