// Which build of better-sqlite3 this Node.js loads (docs/decisions/012-two-builds-of-better-sqlite3.md).
//
// better-sqlite3 12 derives its objects from node::ObjectWrap. From Node.js 24.19 that class
// removes an environment cleanup hook in its destructor and aborts the process when a statement
// is collected with no environment current (during an idle GC or at exit): "Assertion failed:
// (env) != nullptr". better-sqlite3 13 is built on Node-API 10 and ships its addon in the
// package, so it has no such destructor, but it needs Node-API 10 (Node.js 22.14 or later) and
// crashes on Node.js 20. Each runtime gets the build that is safe on it; both have the same API.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** Node-API 10 is in Node.js 22.14+, 23.6+ and 24. */
export const sqliteDriverPackage: 'better-sqlite3-napi' | 'better-sqlite3' =
  Number(process.versions.napi) >= 10 ? 'better-sqlite3-napi' : 'better-sqlite3';

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- the two builds share one API and its types
export const Sqlite: typeof BetterSqlite3 = require(sqliteDriverPackage);
