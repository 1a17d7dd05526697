// Errors in one place: the domain (orders, files, storage) throws DomainError, which says what
// went wrong in words a person can act on; routes throw AppError when the refusal is about HTTP
// itself. The one error handler (http/error-handler.ts) turns both into {error: {code, message}}.

/** What kind of refusal a domain error is; the HTTP edge maps each kind to a status. */
export type DomainErrorKind =
  'invalid' | 'bad_input' | 'not_found' | 'conflict' | 'too_large' | 'no_space' | 'unavailable';

export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 422,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  bad_input: 400,
  no_space: 507,
  unavailable: 503,
};

/** What some refusals carry besides their English message. */
export interface ErrorExtras {
  /** The same sentence in Canadian French, sent as `message_fr` (customers read both). */
  messageFr?: string;
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    /** Dotted paths of the fields at fault (docs/architecture.md, the submit-order contract). */
    readonly fields?: string[],
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
  }
}

/** A refusal that is about HTTP itself (authentication, a malformed request, rate limits). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: string[],
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
  }
}

const WHAT_FR = {
  orders: 'commandes',
  uploads: 'téléversements',
  requests: 'demandes',
  'order-form pages': 'pages du formulaire de commande',
  'health checks': "vérifications d'état",
} as const;

/**
 * Too many requests of one kind from one address (@fastify/rate-limit's errorResponseBuilder):
 * 429, in English and French, with the wait in whole minutes (the plugin sets Retry-After).
 */
export const rateLimited =
  (what: keyof typeof WHAT_FR) =>
  (_request: unknown, context: { ttl: number }): AppError => {
    const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
    const s = minutes > 1 ? 's' : '';
    return new AppError(
      429,
      'rate_limited',
      `Too many ${what} from this address. Please try again in ${minutes} minute${s}.`,
      undefined,
      {
        messageFr: `Trop de ${WHAT_FR[what]} de cette adresse. Veuillez réessayer dans ${minutes} minute${s}.`,
      },
    );
  };

const UNAVAILABLE_FR = { database: 'sa base de données', 'file storage': 'son stockage de fichiers' } as const;

/** 404: no order has this id (or it is not one this caller may see). */
export const noSuchOrder = () =>
  new DomainError('not_found', 'not_found', 'No such order.', undefined, { messageFr: 'Cette commande n’existe pas.' });

/** 422: a report's or calendar's period that ends before it starts (the `to` field at fault). */
export const periodEndsBeforeStart = () =>
  new AppError(422, 'invalid_period', 'The period ends before it starts.', ['to'], {
    messageFr: 'La période se termine avant de commencer.',
  });

export const unavailable = (what: keyof typeof UNAVAILABLE_FR) =>
  new AppError(
    503,
    'unavailable',
    `The order service cannot reach its ${what} right now. Nothing was saved; please try again in a few minutes.`,
    undefined,
    {
      messageFr: `Le service de commande ne peut pas joindre ${UNAVAILABLE_FR[what]} en ce moment. Rien n’a été enregistré\u202f; veuillez réessayer dans quelques minutes.`,
    },
  );

/** The server's disk is short of space: 507, in English and French, whoever noticed it. */
export const diskFull = () =>
  new DomainError(
    'no_space',
    'insufficient_storage',
    'The order service is short of disk space right now. Nothing was saved. Please try again in a few minutes; if this goes on, contact the shop.',
    undefined,
    {
      messageFr:
        "Le service de commande manque d'espace disque en ce moment. Rien n'a été enregistré. Veuillez réessayer dans quelques minutes\u202f; si le problème persiste, communiquez avec la boutique.",
      retryAfterSeconds: 300,
    },
  );

/** The object store (S3) did not answer or refused: 503, nothing of the order was kept. */
export const fileStorageUnavailable = () =>
  new DomainError(
    'unavailable',
    'unavailable',
    'The order service cannot reach its file storage right now. Nothing was saved; please try again in a few minutes.',
    undefined,
    {
      messageFr:
        "Le service de commande ne peut pas joindre son stockage de fichiers en ce moment. Rien n'a été enregistré\u202f; veuillez réessayer dans quelques minutes.",
      retryAfterSeconds: 30,
    },
  );

/** Errors that mean a dependency (database, disk) is down, not that the request was bad. */
export function isUnavailableError(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  if (!e || typeof e !== 'object') return false;
  const code = String(e.code ?? '');
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      'ENOSPC',
      'EIO',
      'EROFS',
      'EDQUOT',
      'EACCES',
      'EPERM',
      'ENOTDIR',
      'EMFILE',
    ].includes(code) ||
    code.startsWith('SQLITE_IOERR') ||
    ['SQLITE_FULL', 'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_CORRUPT'].includes(code) ||
    // PostgreSQL: connection exceptions (08), insufficient resources (53), operator
    // intervention (57), and a read-only server (25006: a standby after a failover).
    /^(08|53|57)/.test(code) ||
    code === '25006' ||
    // node-postgres reports a lost or refused connection without a code.
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      String((e as Error).message ?? ''),
    )
  );
}
