// npm run admin -- grant EMAIL | revoke EMAIL | list
import { openAppDatabase } from '../src/server/db/app-database';
import { listAdministrators, setAdministrator } from '../src/server/features/admin/admin.service';
import { loadSettings } from '../src/server/settings';

const [command, email] = process.argv.slice(2);
const usage = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | list';

if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
  console.error(usage);
  process.exit(2);
}

const settings = loadSettings();
const database = await openAppDatabase({ settings, direct: true, whenAppRunning: 'attach', log: (m) => console.log(m) });
try {
  if (command === 'list') {
    const admins = await listAdministrators(database);
    console.log(admins.length ? admins.join('\n') : 'No administrators.');
  } else {
    const found = await setAdministrator(database, email!, command === 'grant');
    if (!found) {
      console.error(`No user with the email ${email}.`);
      process.exitCode = 1;
    } else {
      console.log(`${email} is ${command === 'grant' ? 'now' : 'no longer'} an administrator.`);
    }
  }
} finally {
  await database.close();
}
