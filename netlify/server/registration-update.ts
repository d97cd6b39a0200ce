/**
 * Changing a stored registration safely (ARCHITECTURE: Orders of every kind, compare-and-set):
 * read its exact stored text, build the new record in Node, and write it with one Lua script only
 * if the text is still the same, together with its audit entry, the index entries that must move
 * with it, and, when asked, a document number (credit note) taken from a counter in the same script. When another writer got there first the
 * record is read again and rebuilt, so no change ever overwrites another.
 */
import { randomBytes } from 'node:crypto';
import type { AuditEntry } from './store';
import { keys, rawRedis, withStore } from './store';
import { ScriptStatus, takeDocumentNumber, type DocumentNumberArgs, type ScriptStatusCode } from './store-scripts';
import type { Registration } from './registrations';

// KEYS: reg, audit, counter (unused unless ARGV[6] is '1'), then one key per side effect.
// ARGV: expected text, new text, audit JSON, placeholder, number prefix, take a number ('1'|'0'),
// then per side effect: command (ZADD, ZREM, SADD, SREM), score ('' when none), member.
// Returns (ScriptStatus) {written, number}; {changedSinceRead, ''}; {gone, ''}; {numbersUsedUp, ''}.
const REPLACE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if not current then return {${ScriptStatus.gone}, ''} end
if current ~= ARGV[1] then return {${ScriptStatus.changedSinceRead}, ''} end
${takeDocumentNumber(3, 4, [2, 3])}
redis.call('SET', KEYS[1], text2)
redis.call('LPUSH', KEYS[2], text3)
for i = 4, #KEYS do
  local a = 7 + (i - 4) * 3
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

/** The counter and prefix of the document to number (store-scripts.ts documentNumberArgs()). */
export type NumberRequest = Pick<DocumentNumberArgs, 'counterKey' | 'prefix'>;

/**
 * Updates registration `regNo`: `build` gets the current record (null when there is none) and
 * a placeholder to put where a document number goes (only when `number` is given), and returns
 * what to write or a result to stop with. Resolves with the step's result; the record passed to
 * `result` has the real number in place of the placeholder. Throws ServiceUnavailableError when
 * the store is down, Error when the record kept changing over 8 attempts.
 */
export async function updateRegistration<T>(regNo: string, build: (current: Registration | null, placeholder: string) => UpdateStep<T>, number?: NumberRequest): Promise<T> {
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
        [keys.registration(regNo), keys.audit(), number?.counterKey ?? keys.registration(regNo), ...effects.map((e) => e.key)],
        [
          raw,
          text,
          JSON.stringify(step.audit),
          placeholder,
          number?.prefix ?? '',
          number ? '1' : '0',
          ...effects.flatMap((e) => [e.op, e.op === 'ZADD' ? String(e.score) : '', e.member]),
        ],
      ),
    );
    if (status === ScriptStatus.written) return step.result(taken ? (JSON.parse(text.split(placeholder).join(taken)) as Registration) : step.write);
    if (status === ScriptStatus.numbersUsedUp) throw new Error('the document numbers of this financial year are used up');
    // changedSinceRead or gone (meanwhile): read again.
  }
  throw new Error(`registration ${regNo} kept changing during an update`);
}
