// Staff sign-in: POST/GET/DELETE /api/session, and the guard every inbox route uses.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { createSession, endSession, findSession, SESSION_COOKIE, signIn } from './staff-service.js';
import type { StaffLanguage, StaffRole, StaffSession } from '../../shared/inbox-api.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { refuseUnknownFields } from '../http/strict-bodies.js';

/** 401: no session (none, ended, or its account removed). */
export const pleaseSignIn = () =>
  new AppError(401, 'unauthenticated', 'Please sign in.', undefined, { messageFr: 'Veuillez vous connecter.' });

declare module 'fastify' {
  interface FastifyRequest {
    staff: { staffId: string; email: string; language: StaffLanguage | null; role: StaffRole } | null;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const signInSchema = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(1024) });

async function staffAuth(
  app: FastifyInstance,
  opts: { config: Config; /** The shop's time zone in force (its settings). */ timeZone?: () => string },
): Promise<void> {
  const { config } = opts;
  const timeZone = () => opts.timeZone?.() ?? config.timeZone;
  await app.register(cookie);
  app.decorateRequest('staff', null);

  const secure = (request: FastifyRequest) => request.protocol === 'https' || config.publicUrl.startsWith('https:');

  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await findSession(app.db, request.cookies[SESSION_COOKIE]);
    if (!session) {
      void reply.header('cache-control', 'no-store');
      throw pleaseSignIn();
    }
    request.staff = session;
  });

  app.post('/api/session', async (request, reply) => {
    refuseUnknownFields(signInSchema, request.body);
    const parsed = signInSchema.safeParse(request.body);
    if (!parsed.success)
      throw new AppError(400, 'invalid_sign_in', 'Enter your email and password.', undefined, {
        messageFr: 'Entrez votre courriel et votre mot de passe.',
      });
    const { email, password } = parsed.data;
    const result = await signIn(app.db, email, password, request.ip);
    if (result.kind === 'throttled') {
      reply.header('retry-after', String(result.waitSeconds));
      const minutes = Math.ceil(result.waitSeconds / 60);
      throw new AppError(
        429,
        'too_many_attempts',
        `Too many wrong passwords from this address. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
        undefined,
        {
          messageFr: `Trop de mots de passe erronés de cette adresse. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
        },
      );
    }
    if (result.kind === 'busy') {
      reply.header('retry-after', String(result.waitSeconds));
      throw new AppError(
        503,
        'sign_in_busy',
        `Too many sign-ins at this moment. Try again in ${result.waitSeconds} seconds.`,
        undefined,
        { messageFr: `Trop de connexions en ce moment. Réessayez dans ${result.waitSeconds} secondes.` },
      );
    }
    if (result.kind === 'wrong') {
      throw new AppError(401, 'wrong_credentials', 'That email and password do not match an account.', undefined, {
        messageFr: 'Ce courriel et ce mot de passe ne correspondent à aucun compte.',
      });
    }
    const { staff } = result;
    const session = await createSession(app.db, staff.id);
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      path: '/',
      expires: session.expiresAt,
    });
    return reply.code(200).send({
      email: staff.email,
      language: staff.language,
      role: staff.role,
      timeZone: timeZone(),
    } satisfies StaffSession);
  });

  app.get('/api/session', { preHandler: app.requireStaff }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { email, language, role } = request.staff!;
    return { email, language, role, timeZone: timeZone() } satisfies StaffSession;
  });

  app.delete('/api/session', async (request, reply) => {
    await endSession(app.db, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
    return reply.code(204).send();
  });
}

export const staffAuthPlugin = fp(staffAuth, { name: 'staff-auth' });

/** Refuses a signed-in staff member who is not an owner: 403, in both languages. */
export function requireOwner(request: FastifyRequest, what: { en: string; fr: string }): void {
  if (request.staff?.role === 'owner') return;
  throw new AppError(403, 'owner_only', `Only an owner can ${what.en}.`, undefined, {
    messageFr: `Seul un propriétaire peut ${what.fr}.`,
  });
}
