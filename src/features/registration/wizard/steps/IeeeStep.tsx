/** Step 3, 'IEEE Member Verification' (spec part 2 sections 2 and 5); only reached for IEEE-member tiers. */
import { TextField } from '../fields';

/** The member number; the wizard checks it with IEEE when Next is pressed. */
export function IeeeStep({ verifying }: { verifying: boolean }) {
  return (
    <div className="form-grid">
      <TextField
        name="ieeeMemberNumber"
        label="IEEE Member Number"
        required
        inputMode="numeric"
        hint="Your membership must be active. It is checked with IEEE when you press Next."
      />
      {/* In the DOM before its text, so screen readers announce the text (issue 21). */}
      <div className="form-grid__full" role="status">
        {verifying && <p className="status">Verifying IEEE membership...</p>}
      </div>
    </div>
  );
}
