import './node-version';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, demoLogins } = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Facet is running at ${config.publicUrl}`,
    `  database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}; mail: ${config.smtpUrl ? 'SMTP' : `outbox at ${config.publicUrl}/dev/mailbox`}`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  if (demoLogins.length) {
    lines.push('', '  Demo logins (password for all: ' + demoLogins[0]!.password + ')');
    const pages: Record<string, string> = {
      customer: '/login-user',
      designer: '/login-designer',
      service: '/login-service',
      staff: '/login-staff',
    };
    for (const login of demoLogins)
      lines.push(
        `    ${login.role.padEnd(9)} ${login.email.padEnd(24)} at ${config.publicUrl}${pages[login.role]}`,
      );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
