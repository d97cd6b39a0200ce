/**
 * The lazily loaded form validation (src/lib/lazy-resolver.ts, docs/performance.md#budgets): the loader runs once,
 * a failed load is retried, and a lazy resolver gives exactly the answers of the zodResolver it
 * loads over the shared schemas (the wizard's step resolvers and the name-change resolvers).
 */
import { describe, expect, it } from 'vitest';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { lazyResolver, loadOnce } from '../../src/lib/lazy-resolver';
import { emptyRegistrationForm } from '../../src/shared/registration-form';
import { selfServiceMessages } from '../../src/shared/messages';

const options = { shouldUseNativeValidation: false, fields: {} } as ResolverOptions<FieldValues>;

describe('loadOnce', () => {
  it('runs the loader once for any number of calls', async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(await Promise.all([load(), load(), load()])).toEqual([1, 1, 1]);
    expect(await load()).toBe(1);
    expect(calls).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe('loaded');
    expect(await load()).toBe('loaded');
    expect(calls).toBe(2);
  });
});

describe('lazyResolver', () => {
  it('answers as the loaded resolver does, and rejects while it cannot be loaded', async () => {
    let fail = true;
    const resolver = lazyResolver(
      loadOnce(async () => {
        if (fail) throw new Error('offline');
        return (await import('../../src/features/self-service/name-change-resolvers')).lookupResolver;
      }),
    );
    await expect(resolver({ regId: '', email: '' }, undefined, options as never)).rejects.toThrow('offline');
    fail = false;
    const empty = await resolver({ regId: '', email: '' }, undefined, options as never);
    expect(empty.errors.regId?.message).toBe(selfServiceMessages.idAndEmailRequired);
    const ok = await resolver({ regId: ' pesgre25-abcd2345 ', email: 'asha@example.org' }, undefined, options as never);
    expect(ok.errors).toEqual({});
    // The parsed values, as the page sends them: the id trimmed and upper-cased.
    expect(ok.values).toEqual({ regId: 'PESGRE25-ABCD2345', email: 'asha@example.org' });
  });

  it("the wizard's step resolvers keep the typed values and give the rules' messages", async () => {
    const { stepResolvers } = await import('../../src/features/registration/wizard/step-resolvers');
    const step1 = stepResolvers[1] as Resolver<typeof emptyRegistrationForm>;
    const draft = { ...emptyRegistrationForm, email: 'asha@example.org', verifyEmail: 'someone@else.org' };
    const result = await step1(draft, undefined, options as never);
    expect(result.errors.firstName?.message).toBe('This field is required.');
    const filled = { ...draft, title: 'Dr' as const, firstName: 'Asha', lastName: 'K', organization: 'Lab', address: '1 Road', city: 'Dharwad', postcode: '580001', mobile: '+91 1' };
    expect((await step1(filled, undefined, options as never)).errors.verifyEmail?.message).toBe('Emails do not match.');
    const valid = { ...filled, verifyEmail: 'asha@example.org' };
    const passed = await step1(valid, undefined, options as never);
    expect(passed.errors).toEqual({});
    // raw: true hands back the whole form as typed, not just step 1's parsed fields.
    expect(passed.values).toEqual(valid);
  });
});
