/**
 * Prints the ADMIN_PASSWORD_HASH value for an admin password (scrypt, netlify/server/platform/password.ts):
 *
 *   npm run admin:hash-password                    # asks for it (not echoed)
 *   printf '%s' 'the password' | npm run -s admin:hash-password
 *   npm run -s admin:hash-password -- 'the password' # lands in the shell history: avoid
 *
 * The hash (`scrypt$N$r$p$salt$hash`) goes to stdout alone, so it can be piped into
 * `netlify env:set ADMIN_PASSWORD_HASH`. Piped input loses one trailing newline, nothing else.
 * Exit code 2 for an empty password.
 */
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../netlify/server/platform/password';

/** Reads all of stdin as text. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Prompts on the terminal without echoing what is typed. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The password from argv, the terminal, or piped stdin (one trailing newline removed). */
export async function readPassword(argv: string[] = process.argv.slice(2)): Promise<string> {
  if (argv[0] !== undefined) return argv[0];
  if (process.stdin.isTTY) return promptHidden('Admin password: ');
  return (await readStdin()).replace(/\r?\n$/, '');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const password = await readPassword();
  if (!password) {
    console.error('The password is empty.');
    process.exit(2);
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
}
