/**
 * Changing a stored registration safely (docs/payments.md#exactly-once-finalise, compare-and-set):
 * read its exact stored text, build the new record in Node, and write it with one Lua script only
 * if the text is still the same, together with its audit entry, the index entries that must move
 * with it, and, when asked, a document number (credit note) taken from a counter in the same script. When another writer got there first the
 * record is read again and rebuilt, so no change ever overwrites another.
 */
import { randomBytes } from 'node:crypto';
import type { AuditEntry } from './platform/store';
import { keys, rawRedis, withStore } from './platform/store';
import { ScriptStatus, exactlyOnceGuard, takeDocumentNumber, type DocumentNumberArgs, type ScriptStatusCode } from './platform/store-scripts';
import type { Registration } from './registrations';

// KEYS: reg, audit, counter (unused unless ARGV[6] is '1'), done, paid (these two unused unless
// ARGV[7] is '1'), then one key per side effect.
// ARGV: expected text, new text, audit JSON, placeholder, number prefix, take a number ('1'|'0'),
// guard ('1'|'0'), orderId, done value, then per side effect: command (ZADD, ZREM, SADD, SREM),
// score ('' when none), member.
// Returns (ScriptStatus) {written, number}; {changedSinceRead, ''}; {gone, ''}; {numbersUsedUp, ''};
// with the guard also {alreadyFinalised, doneValue} and {paymentUsed, otherOrderId}.
const REPLACE_SCRIPT = `
if ARGV[7] == '1' then
${exactlyOnceGuard(4, 5, 8)}
end
local current = redis.call('GET', KEYS[1])
if not current then return {${ScriptStatus.gone}, ''} end
if current ~= ARGV[1] then return {${ScriptStatus.changedSinceRead}, ''} end
${takeDocumentNumber(3, 4, [2, 3])}
redis.call('SET', KEYS[1], text2)
redis.call('LPUSH', KEYS[2], text3)
if ARGV[7] == '1' then
  redis.call('SET', KEYS[4], ARGV[9])
  redis.call('SET', KEYS[5], ARGV[8])
end
for i = 6, #KEYS do
  local a = 10 + (i - 6) * 3
  local cmd = ARGV[a]
  if cmd == 'ZADD' then redis.call('ZADD', KEYS[i], ARGV[a + 1], ARGV[a + 2])
  else redis.call(cmd, KEYS[i], ARGV[a + 2]) end
end
return {${ScriptStatus.written}, number}
`;

/** A set or sorted-set change written in the same script as the record (an index kept in step with it). */
export type SideEffect = { op: 'ZADD'; key: string; score: number; member: string } | { op: 'ZREM' | 'SADD' | 'SREM'; key: string; member: string };

/** What a build step decides: write `next` (with `audit`), or stop and answer `result`. */
export type UpdateStep<T> = { write: Registration; audit: AuditEntry; effects?: SideEffect[]; result: (written: Registration) => T } | { stop: T };

/** The counter and prefix of the document to number (document-numbers.ts documentNumberArgs()). */
export type NumberRequest = Pick<DocumentNumberArgs, 'counterKey' | 'prefix'>;

/**
 * The exactly-once guard of a paid order (store-scripts.ts exactlyOnceGuard): the write happens
 * only if done:{orderId} is unset and paid:{paymentId} names no other order, and sets both in the
 * same script (done to `doneValue`). `already` and `paymentUsed` give the result for the two
 * refusals (the value of done:{orderId}, the other order's id).
 */
export interface ExactlyOnce<T> {
  orderId: string;
  paymentId: string;
  doneValue: string;
  already: (doneValue: string) => T;
  paymentUsed: (otherOrderId: string) => T;
}

/**
 * Updates registration `regNo`: `build` gets the current record (null when there is none) and
 * a placeholder to put where a document number goes (only when `number` is given), and returns
 * what to write or a result to stop with. Resolves with the step's result; the record passed to
 * `result` has the real number in place of the placeholder. Throws ServiceUnavailableError when
 * the store is down, Error when the record kept changing over 8 attempts. With `once` (a paid
 * order's exactly-once guard, finalise.ts) the guard is checked and set in the same script as the
 * write: this is the one compare-and-set writer of a registration.
 */
export async function updateRegistration<T>(regNo: string, build: (current: Registration | null, placeholder: string) => UpdateStep<T>, number?: NumberRequest, once?: ExactlyOnce<T>): Promise<T> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const raw = await withStore((r) => r.get<string>(keys.registration(regNo)), rawRedis);
    const placeholder = `DOCNUMBER${randomBytes(12).toString('hex')}`;
    const step = build(raw === null ? null : (JSON.parse(raw) as Registration), placeholder);
    if ('stop' in step) return step.stop;
    if (raw === null) throw new Error('a registration that does not exist cannot be updated');
    const text = JSON.stringify(step.write);
    const effects = step.effects ?? [];
    const [status, taken] = await withStore((r) =>
      r.eval<string[], [ScriptStatusCode, string]>(
        REPLACE_SCRIPT,
        [
          keys.registration(regNo),
          keys.audit(),
          number?.counterKey ?? keys.registration(regNo),
          once ? keys.done(once.orderId) : keys.registration(regNo),
          once ? keys.paid(once.paymentId) : keys.registration(regNo),
          ...effects.map((e) => e.key),
        ],
        [
          raw,
          text,
          JSON.stringify(step.audit),
          placeholder,
          number?.prefix ?? '',
          number ? '1' : '0',
          once ? '1' : '0',
          once?.orderId ?? '',
          once?.doneValue ?? '',
          ...effects.flatMap((e) => [e.op, e.op === 'ZADD' ? String(e.score) : '', e.member]),
        ],
      ),
    );
    if (status === ScriptStatus.written) return step.result(taken ? (JSON.parse(text.split(placeholder).join(taken)) as Registration) : step.write);
    if (status === ScriptStatus.numbersUsedUp) throw new Error('the document numbers of this financial year are used up');
    if (once && status === ScriptStatus.alreadyFinalised) return once.already(String(taken));
    if (once && status === ScriptStatus.paymentUsed) return once.paymentUsed(String(taken));
    // changedSinceRead or gone (meanwhile): read again.
  }
  throw new Error(`registration ${regNo} kept changing during an update`);
}
