/**
 * The pieces the store's Lua scripts share (docs/payments.md#exactly-once-finalise: one exactly-once guard, one document
 * numbering, named return codes): finalise.ts and registration-update.ts build their scripts from
 * these, so the guard and the numbering are written once. Money and records are built in Node;
 * a script only compares, numbers and writes.
 */

/**
 * What a script answers, as the first element of its reply. One value per meaning across all
 * scripts, so a caller never reads -1 as "changed" in one place and "number taken" in another.
 */
export const ScriptStatus = {
  /** The write was made. */
  written: 1,
  /** The order was finalised before (the reply's second element is what done:{orderId} holds). */
  alreadyFinalised: 0,
  /** The registration's stored text changed since it was read: read again and rebuild. */
  changedSinceRead: -1,
  /** The payment already finalised another order (second element: that order's id). */
  paymentUsed: -2,
  /** The new registration number is taken: draw another. */
  registrationNumberTaken: -3,
  /** The registration is gone. */
  gone: -4,
  /** The financial year's 99,999 document numbers are used. */
  numbersUsedUp: -5,
} as const;

export type ScriptStatusCode = (typeof ScriptStatus)[keyof typeof ScriptStatus];

/**
 * The exactly-once guard that opens every finalising script: when done:{orderId} (KEYS[done])
 * exists the order was finalised, answer what it holds; when paid:{paymentId} (KEYS[paid]) names
 * another order (ARGV[orderArg] is this one), the payment is used. Indexes are 1-based, as in Lua.
 */
export function exactlyOnceGuard(done: number, paid: number, orderArg: number): string {
  return `
local existing = redis.call('GET', KEYS[${done}])
if existing then return {${ScriptStatus.alreadyFinalised}, existing} end
local paidFor = redis.call('GET', KEYS[${paid}])
if paidFor and paidFor ~= ARGV[${orderArg}] then return {${ScriptStatus.paymentUsed}, paidFor} end
`;
}

/**
 * Takes a document number inside the script that writes what carries it, so a number is never
 * skipped (no write without a number) nor used twice (INCR is atomic). KEYS[counter]: the
 * financial year's counter. ARGV[p]: the placeholder, ARGV[p+1]: the number's prefix
 * ('PG25/2526/'), ARGV[p+2]: '1' to take a number. Sets the Lua local `number` ('' when none)
 * and `text{i}` for each ARGV index in `texts`, with the placeholder replaced.
 */
export function takeDocumentNumber(counter: number, p: number, texts: number[]): string {
  return `
local number = ''
if ARGV[${p + 2}] == '1' then
  local used = tonumber(redis.call('GET', KEYS[${counter}]) or '0')
  if used >= 99999 then return {${ScriptStatus.numbersUsedUp}, ''} end
  number = ARGV[${p + 1}] .. string.format('%05d', redis.call('INCR', KEYS[${counter}]))
end
${texts.map((i) => `local text${i} = (string.gsub(ARGV[${i}], ARGV[${p}], number))`).join('\n')}
`;
}

/** What takeDocumentNumber() needs from Node for one document: its counter key, prefix and placeholder. */
export interface DocumentNumberArgs {
  /** The financial year, e.g. '2526'. */
  fy: string;
  counterKey: string;
  /** e.g. 'PG25/2526/' (invoice) or 'PG25C/2526/' (credit note). */
  prefix: string;
  /** A random text that cannot occur in a delegate's data, replaced by the number in the script. */
  placeholder: string;
}
