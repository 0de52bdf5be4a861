import { runBackupCli } from './backup-cli.js';

// The bundled entry of `npm run backup` and `npm run restore` (dist/backup-cli.js).
const code = await runBackupCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
