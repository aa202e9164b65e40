import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { usePrivateUmask } from '../db/dataDir';
import { migrate, openDatabase } from '../db/connection';
import { generatePassword } from '../modules/auth';
import { operatorNameNeeded } from '@faktura/shared';
import { type LiftedLock, addOperator, listOperators, nameFromEmail, resetPassword, unlockSignIns } from '../modules/auth';

const USAGE = `Usage:
  npm run operator -- add --email <e-mail> --name "<full name>" [--password <password>]
  npm run operator -- reset-password --email <e-mail> [--password <password>]
  npm run operator -- list
  npm run operator -- unlock (--email <e-mail> | --address <IP> | --all)
Without --password a strong password is generated and printed once. The full name is printed on
invoices as the operator; without --name Settings asks for it at the first sign-in.
unlock lifts sign-in limits after failed sign-ins: of one account (and of the browsers that signed
in as it before), of one client address, or all; it prints what it lifted.
Uses the same database as the server (DATABASE_URL or FAKTURA_DATA_DIR).`;

async function run(): Promise<number> {
  usePrivateUmask(); // what it creates in the data directory is the user's alone (decision 023)
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      address: { type: 'string' },
      all: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !['add', 'reset-password', 'list', 'unlock'].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const { db } = openDatabase(config);
  try {
    await migrate(db);
    if (command === 'list') {
      for (const op of await listOperators(db)) console.log(`${op.id}\t${op.email}\t${op.name}`);
      return 0;
    }
    if (command === 'unlock') return await unlockCommand(db, values);
    const email = values.email?.trim().toLowerCase();
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
      console.error('--email <e-mail> is required');
      return 2;
    }
    if (values.password !== undefined && values.password.length < 10) {
      console.error('The password must be at least 10 characters long');
      return 2;
    }
    const password = values.password ?? generatePassword();
    const shown = values.password ? '(as given)' : password;
    if (command === 'add') {
      const given = values.name?.trim();
      if (given !== undefined && given.length > 120) {
        console.error('The name must be at most 120 characters long');
        return 2;
      }
      const name = given || nameFromEmail(email);
      if (!(await addOperator(db, email, name, password))) {
        console.error(`An operator with e-mail ${email} already exists`);
        return 1;
      }
      console.log(`Operator added.\n  name:     ${name}\n  e-mail:   ${email}\n  password: ${shown}`);
      if (operatorNameNeeded(name, email)) {
        console.log('No --name given: Settings will ask for the full name, which invoices print as the operator.');
      }
    } else {
      if (!(await resetPassword(db, email, password))) {
        console.error(`No operator with e-mail ${email}`);
        return 1;
      }
      console.log(`Password reset; every sign-in of ${email} was ended.\n  password: ${shown}`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

const SCOPE_NAMES: Record<LiftedLock['scope'], string> = {
  account: 'account',
  address: 'address',
  device: 'browser that signed in before as',
};

/** One line per count lifted: whose, whether it was blocking and until when, how many failures it held. */
function describeLift(lift: LiftedLock, now: number): string {
  const failures = `${lift.failures} failed sign-in${lift.failures === 1 ? '' : 's'}`;
  if (!lift.blockedUntil) return `  ${SCOPE_NAMES[lift.scope]} ${lift.subject}: ${failures} forgotten`;
  const minutes = Math.max(1, Math.ceil((new Date(lift.blockedUntil).getTime() - now) / 60_000));
  return `  ${SCOPE_NAMES[lift.scope]} ${lift.subject}: lock lifted (it had ${minutes} min to run, until ${lift.blockedUntil}; ${failures})`;
}

async function unlockCommand(
  db: Parameters<typeof unlockSignIns>[0],
  values: { email?: string | undefined; address?: string | undefined; all?: boolean | undefined },
): Promise<number> {
  const given = [values.email !== undefined, values.address !== undefined, values.all === true].filter(Boolean).length;
  if (given !== 1) {
    console.error('unlock needs exactly one of --email <e-mail>, --address <IP> or --all');
    return 2;
  }
  const target = values.all ? ('all' as const) : values.email !== undefined ? { email: values.email } : { address: values.address ?? '' };
  const what = values.all ? 'any account or address' : (values.email ?? values.address ?? '').trim().toLowerCase();
  const lifted = await unlockSignIns(db, target);
  if (lifted.length === 0) {
    console.log(`Nothing to lift: no failed sign-ins are counted against ${what}.`);
    return 0;
  }
  const locks = lifted.filter((lift) => lift.blockedUntil).length;
  console.log(`Lifted ${locks} lock${locks === 1 ? '' : 's'} and forgot the failed sign-ins of ${what}:`);
  const now = Date.now();
  for (const lift of lifted) console.log(describeLift(lift, now));
  return 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
