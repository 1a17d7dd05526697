// `npm run staff|orders|files|prices|backup|restore`: the command-line tool of src/server/cli, from
// a build of the current sources. The server is compiled first when any server or shared source is
// newer than dist/server (about 10 s), so a tool never runs yesterday's code after a pull or an edit.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildServerIfStale } from './server-build.mjs';

const TOOLS = ['backup', 'files', 'orders', 'prices', 'staff'];
const [tool, ...args] = process.argv.slice(2);
if (!tool || !TOOLS.includes(tool)) {
  console.error(`usage: node scripts/cli.mjs <${TOOLS.join('|')}> [arguments]`);
  process.exit(2);
}
try {
  if (await buildServerIfStale()) console.error('(built the server first: its sources had changed)');
} catch (error) {
  console.error(String(/** @type {Error} */ (error).message));
  process.exit(1);
}
const script = path.resolve(import.meta.dirname, `../dist/server/cli/${tool}.js`);
const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit' });
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
