/** Step 3, 'IEEE Member Verification' (docs/rules.md#the-registration-wizard, #the-registration-form-and-its-checks); only reached for IEEE-member tiers. */
import type { Tier } from '../../../../shared/pricing';
import { formatWholeFee } from '../../format';
import { TextField } from '../fields';

/**
 * The member number; the wizard checks it with IEEE when Next is pressed. After a refused check
 * it offers `nonMemberTier`, the non-member tier of the same type, region and period:
 * its button calls `onTakeNonMemberTier`.
 */
export function IeeeStep({ verifying, nonMemberTier = null, onTakeNonMemberTier }: { verifying: boolean; nonMemberTier?: Tier | null; onTakeNonMemberTier?: () => void }) {
  return (
    <div className="form-grid">
      <TextField
        name="ieeeMemberNumber"
        label="IEEE Member Number"
        required
        inputMode="numeric"
        hint="Your membership must be active. It is checked with IEEE when you press Next."
      />
      {/* In the DOM before its text, so screen readers announce the text. */}
      <div className="form-grid__full" role="status">
        {verifying && <p className="status">Verifying IEEE membership...</p>}
      </div>
      {nonMemberTier && onTakeNonMemberTier && (
        <div className="form-grid__full">
          <p>
            Not a member at the moment? Register at the non-member rate instead: {nonMemberTier.label}, {formatWholeFee(nonMemberTier.fee, nonMemberTier.currency)} plus GST.
          </p>
          <button type="button" className="button button--secondary" onClick={onTakeNonMemberTier}>
            Continue as a non-member
          </button>
        </div>
      )}
    </div>
  );
}
