// `npm start`: configuration from the environment, then the server, then where to find it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { countStaff } from './staff/index.js';
import { ConfigError, loadConfig } from './config.js';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, {
      clientDir: fs.existsSync(path.join(clientDir, 'index.html')) ? clientDir : null,
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  if (!config.clientDir) console.warn(`No built client at ${clientDir}: run "npm run build". Serving the API only.`);
  const app = await buildApp(config);
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  await app.listen({ port: config.PORT, host: config.HOST });
  // Where to go next, one line each.
  app.log.info(`Order form: ${config.publicUrl}/`);
  app.log.info(`Shop inbox: ${config.publicUrl}/inbox`);
  if ((await countStaff(app.db)) === 0) {
    app.log.info('No staff account yet: create the first with  npm run staff -- add you@example.com');
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
