// Deposit reminders as a plugin: the hourly loop that emails customers whose deposit is
// overdue runs with the app and stops when it closes. Needs the mail worker.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { InvoiceDeps } from './accounts.js';
import { startDepositReminders } from './reminders.js';

async function reminders(app: FastifyInstance, opts: { deps: InvoiceDeps }): Promise<void> {
  const loop = startDepositReminders({
    deps: opts.deps,
    intervalMs: app.config.REMINDER_POLL_MS,
    onMailQueued: () => void app.mailWorker.kick(),
    log: app.log,
  });
  app.addHook('onClose', () => loop.stop());
}

export const remindersPlugin = fp(reminders, {
  name: 'deposit-reminders',
  decorators: { fastify: ['config', 'mailWorker'] },
});
