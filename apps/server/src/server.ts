import { loadConfig, servedSecurely } from './config.ts';
import { prepareDatabase } from './db/setup.ts';
import { buildApp } from './app.ts';
import { collectOrphans } from './lib/file-gc.ts';

/** Reads the configuration, prepares the database and listens; stops cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const { database, admin } = await prepareDatabase(config, `server on port ${config.PORT}`);
  const app = await buildApp({ config, database });
  if (admin) {
    const line = '='.repeat(64);
    // Printed once, at the first start only; the password is not stored in clear anywhere.
    console.log(
      `\n${line}\n Amparo: first administrator created\n   user:     ${admin.username}\n   email:    ${admin.email}\n   password: ${admin.generated ? admin.password : '(from ADMIN_PASSWORD)'}\n Change the password after signing in (/account).\n${line}\n`,
    );
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops accepting, lets requests in flight finish
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { engine: database.engine, port: config.PORT, node: process.version, env: config.NODE_ENV },
    'Amparo is listening',
  );
  // Issue 23 item 4: say whether the session cookie is Secure and HSTS is sent, and why.
  const https = servedSecurely(config);
  app.log.info(
    { publicUrl: config.PUBLIC_URL, secureCookies: https, hsts: https, apiDocs: config.API_DOCS },
    https
      ? 'Secure cookies and HSTS on (PUBLIC_URL is not plain http on loopback)'
      : 'Secure cookies and HSTS off: PUBLIC_URL is plain http on loopback',
  );
  if (https && config.PUBLIC_URL.startsWith('http:'))
    app.log.warn(
      'PUBLIC_URL is plain http on a network address: browsers will not keep the Secure session cookie; serve Amparo over HTTPS',
    );
  // Bytes a crash left unreferenced (decision 0006), in the background: a large store takes a while to walk.
  collectOrphans(database.db, app.files).then(
    (removed) => removed > 0 && app.log.info({ removed }, 'removed stored files no record refers to'),
    (err: unknown) => app.log.error({ err }, 'collecting unreferenced files failed'),
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
