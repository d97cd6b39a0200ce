/**
 * The tier upgrade (docs/rules.md#the-self-service-pages; docs/payments.md#self-service-changes): a
 * student tier upgrades to the professional tier of the same IEEE status, region and period,
 * created by upgrade-tier and confirmed by verify-upgrade. Its creation and application are a tier
 * change's (tier-change.ts); what is its own is here: its words, its receipt, its notes, and the
 * paper a student's upgrade answers for.
 */
import { messages } from '../../../../src/shared/messages';
import { tierUpgradeRequest } from '../../../../src/shared/api';
import { refuse } from '../../platform/http';
import type { OrderKindModule } from '../kind-module';
import type { TierChangeOrder } from '../orders';
import { changeOrderHandler, createTierChangeOrder, tierChangeApplication, type TierChangeSpec } from '../tier-change';

const spec: TierChangeSpec<'tier-upgrade'> = {
  kind: 'tier-upgrade',
  notEligible: 'Only student registrations can be upgraded, and this registration already has a Full Registration tier.',
  receiptPrefix: 'upg',
  notes: (total, from, to) => ({ upgradeAmount: total, upgradeFrom: from, upgradeTo: to }),
};

/**
 * The paper a student's upgrade answers for (the wizard skipped the paper step for the
 * student tier): none when the request says nothing (the record keeps its own), else the Paper ID
 * or "I did not submit a paper". Throws 400 PAPER_REQUIRED for neither a Paper ID nor noPaper.
 */
function upgradePaper(noPaper: boolean | undefined, paperId: string | undefined): TierChangeOrder['paper'] {
  if (noPaper === undefined && paperId === undefined) return undefined;
  if (noPaper) return { noPaper: true, paperId: '' };
  if (!paperId) throw refuse(400, 'PAPER_REQUIRED', messages.paperRequired);
  return { noPaper: false, paperId };
}

export const tierUpgrade = {
  verifiedBy: 'verify-upgrade',
  change: tierChangeApplication,
  /** upgrade-tier's handler: `{regId, noPaper?, paperId?}` in (the paper is read after the rate limit, as it always was). */
  create: changeOrderHandler(tierUpgradeRequest, ({ regId, noPaper, paperId }, at) => createTierChangeOrder(spec, regId, at, upgradePaper(noPaper, paperId))),
} satisfies OrderKindModule<TierChangeOrder>;
