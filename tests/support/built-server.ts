// The harness tests (crash, faults, load, two processes) run the server as `npm start` does, from
// dist/server. So that `npm run test:unit` right after an edit tests the edit and not a stale
// build, each of them first calls builtServer(): it compiles the server when dist/server is
// missing or older than any source it is built from (scripts/server-build.mjs, which the
// command-line tools' scripts/cli.mjs uses too). Test files run in parallel workers: its lock
// lets one of them build while the others wait.
import { buildServerIfStale } from '../../scripts/server-build.mjs';

/** Resolves when dist/server/main.js is current; throws with tsc's output when the build fails. */
export async function builtServer(): Promise<void> {
  const started = Date.now();
  if (await buildServerIfStale()) {
    console.log(`Built dist/server for the harness tests in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}
