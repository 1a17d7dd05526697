// Headers on every answer, from @fastify/helmet: no inline script, no framing, no sniffing.
// Routes that send files set a stricter policy of their own (orders/file-routes.ts).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'blob:', 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the app knows it is reached over https (below).
    hsts: false,
  });
  if (config.TRUST_PROXY) {
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  }
}
