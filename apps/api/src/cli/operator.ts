import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { usePrivateUmask } from '../db/dataDir';
import { migrate, openDatabase } from '../db/connection';
import { generatePassword } from '../modules/auth';
import { operatorNameNeeded } from '@faktura/shared';
import { addOperator, listOperators, nameFromEmail, resetPassword } from '../modules/auth';

const USAGE = `Usage:
  npm run operator -- add --email <e-mail> --name "<full name>" [--password <password>]
  npm run operator -- reset-password --email <e-mail> [--password <password>]
  npm run operator -- list
Without --password a strong password is generated and printed once. The full name is printed on
invoices as the operator; without --name Settings asks for it at the first sign-in.
Uses the same database as the server (DATABASE_URL or FAKTURA_DATA_DIR).`;

async function run(): Promise<number> {
  usePrivateUmask(); // what it creates in the data directory is the user's alone (decision 023)
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
  });
  const command = positionals[0];
  if (values.help || !command || !['add', 'reset-password', 'list'].includes(command)) {
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

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
