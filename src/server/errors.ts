// One error type and one handler (CONVENTIONS: errors in one place).
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: string[],
  ) {
    super(message);
  }
}

export const unavailable = (what: string) =>
  new AppError(503, 'unavailable', `The order service cannot reach its ${what} right now. Nothing was saved; please try again in a few minutes.`);

/** Errors that mean a dependency (database, disk) is down, not that the request was bad. */
export function isUnavailableError(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  if (!e || typeof e !== 'object') return false;
  const code = String(e.code ?? '');
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'ENOSPC', 'EIO', 'EROFS', 'EDQUOT', 'EACCES', 'EPERM', 'ENOTDIR', 'EMFILE'].includes(code) ||
    code.startsWith('SQLITE_IOERR') ||
    ['SQLITE_FULL', 'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_CORRUPT'].includes(code) ||
    // PostgreSQL: connection exceptions (08), insufficient resources (53), operator
    // intervention (57), and a read-only server (25006: a standby after a failover).
    /^(08|53|57)/.test(code) ||
    code === '25006' ||
    // node-postgres reports a lost or refused connection without a code.
    /^(Connection terminated|timeout exceeded when trying to connect)/.test(String((e as Error).message ?? ''))
  );
}
