/**
 * Where a registration's proof of student status stands (decision 031: the proof page looked up by
 * registration number and e-mail says "awaiting proof" or "proof received"):
 * src/shared/registration-status.ts proofStateOf and the page's words, proofStateMessage.
 */
import { describe, expect, it } from 'vitest';
import { proofStateMessage } from '../../src/shared/proof-rules';
import { proofStateOf, type Verification } from '../../src/shared/registration-status';

const proof = { key: 'k', contentType: 'application/pdf', size: 10, fileName: 'card.pdf', uploadedAt: '2025-11-10T05:00:00.000Z' };
const student = (verification: Verification, extra: { status?: string; cancellation?: { status: string } } = {}) => ({
  registrationTier: 'stud_non_indian_std',
  status: 'awaiting-proof',
  verification,
  ...extra,
});

describe('proofStateOf', () => {
  it('awaiting, received, rejected, approved, not needed', () => {
    expect(proofStateOf(student({ pending: ['student-proof'] }))).toEqual({ state: 'awaiting' });
    expect(proofStateOf(student({ pending: ['student-proof'], proof }))).toEqual({ state: 'received', uploadedAt: proof.uploadedAt });
    expect(proofStateOf(student({ pending: ['student-proof'], proof, rejection: { at: '2025-11-11T00:00:00Z', reason: 'Expired card.' } }))).toEqual({ state: 'rejected', reason: 'Expired card.' });
    expect(proofStateOf(student({ pending: [], proof, approvedAt: '2025-11-12T00:00:00Z' }, { status: 'confirmed' }))).toEqual({ state: 'approved' });
    expect(proofStateOf({ registrationTier: 'prof_non_indian_std' })).toEqual({ state: 'not-needed' });
    // An IEEE number to check is not a proof of student status.
    expect(proofStateOf({ registrationTier: 'prof_ieee_indian_std', status: 'membership-to-verify', verification: { pending: ['ieee-membership'] } })).toEqual({ state: 'not-needed' });
    // A cancelled registration waits for nothing.
    expect(proofStateOf(student({ pending: ['student-proof'] }, { cancellation: { status: 'approved' } }))).toEqual({ state: 'not-needed' });
  });
});

describe('proofStateMessage', () => {
  const day = () => '10 November 2025';
  const answer = (proofState: string, extra: object = {}) => ({ registrationNumber: 'PESGRE25-ABCD2345', status: 'awaiting-proof', proof: proofState, ...extra });
  it('says each state in plain words', () => {
    expect(proofStateMessage(answer('awaiting'), day)).toMatch(/^Awaiting proof: no proof of student status has been received for PESGRE25-ABCD2345 yet/);
    expect(proofStateMessage(answer('received', { uploadedAt: proof.uploadedAt }), day)).toMatch(/^Proof received on 10 November 2025: the organisers will check it/);
    expect(proofStateMessage(answer('rejected', { reason: 'Expired card.' }), day)).toContain('Proof not accepted: Expired card.');
    expect(proofStateMessage(answer('approved', { status: 'confirmed' }), day)).toMatch(/^Proof approved/);
    expect(proofStateMessage(answer('not-needed', { status: 'confirmed' }), day)).toContain('needs no proof');
    expect(proofStateMessage(answer('not-needed', { status: 'cancelled' }), day)).toContain('is cancelled');
  });
});
