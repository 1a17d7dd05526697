// Staff sign-in: POST/GET/DELETE /api/session, and the guard every inbox route uses.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { checkCredentials, clearFailures, createSession, endSession, findSession, recordFailure, SESSION_COOKIE, throttledFor } from '../auth/staff.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    staff: { staffId: string; email: string } | null;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const signInSchema = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(1024) });

async function staffAuth(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const { config } = opts;
  await app.register(cookie);
  app.decorateRequest('staff', null);

  const secure = (request: FastifyRequest) => request.protocol === 'https' || config.publicUrl.startsWith('https:');

  // Cross-site requests may not change anything: a browser always names its origin on them.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const origin = request.headers.origin;
    const own = [config.publicUrl, `${request.protocol}://${request.host}`];
    if (origin ? !own.includes(origin) : request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError(403, 'cross_site', 'This request came from another site and was refused.');
    }
  });

  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await findSession(app.db, request.cookies[SESSION_COOKIE]);
    if (!session) {
      void reply.header('cache-control', 'no-store');
      throw new AppError(401, 'unauthenticated', 'Please sign in.');
    }
    request.staff = session;
  });

  app.post('/api/session', async (request, reply) => {
    const parsed = signInSchema.safeParse(request.body);
    if (!parsed.success) throw new AppError(400, 'invalid_sign_in', 'Enter your email and password.');
    const { email, password } = parsed.data;
    const wait = await throttledFor(app.db, email, request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new AppError(429, 'too_many_attempts', `Too many wrong passwords. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`);
    }
    const staff = await checkCredentials(app.db, email, password);
    if (!staff) {
      await recordFailure(app.db, email, request.ip);
      throw new AppError(401, 'wrong_credentials', 'That email and password do not match an account.');
    }
    await clearFailures(app.db, email);
    const session = await createSession(app.db, staff.id);
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      path: '/',
      expires: session.expiresAt,
    });
    return reply.code(200).send({ email: staff.email });
  });

  app.get('/api/session', { preHandler: app.requireStaff }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { email: request.staff!.email };
  });

  app.delete('/api/session', async (request, reply) => {
    await endSession(app.db, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(request) });
    return reply.code(204).send();
  });
}

export const staffAuthPlugin = fp(staffAuth, { name: 'staff-auth' });
