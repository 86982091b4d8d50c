import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local port in front of a payment gateway (the local Stripe server), switched by the test between:
 * `up` (every request forwarded), `down` (nothing listens on the port: connections are refused),
 * `refusing` (every request answered 404 as Stripe answers an endpoint it does not know), `failing`
 * (every request answered 500, as Stripe's own errors are) and `hanging` (connections accepted, never
 * answered). Counts the requests that reached it.
 */

export type GatewayMode = 'up' | 'down' | 'refusing' | 'failing' | 'hanging';

export async function startGatewaySwitch(target: string) {
  const to = new URL(target);
  let mode: GatewayMode = 'up';
  let reached = 0;

  const server: Server = createServer((req, res) => {
    reached += 1;
    if (mode === 'hanging') return;
    if (mode === 'refusing' || mode === 'failing') {
      req.resume();
      const [status, error] =
        mode === 'refusing'
          ? [
              404,
              {
                type: 'invalid_request_error',
                message: `Unrecognized request URL (${req.method}: ${req.url?.split('?')[0]}).`,
              },
            ]
          : [500, { type: 'api_error', message: 'An unknown error occurred.' }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error }));
      return;
    }
    const forwarded = httpRequest(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      // keep-alive sockets of the SDK would outlive close(): nothing may answer while down
      server.closeAllConnections();
    });

  await listen(0);
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get reached() {
      return reached;
    },
    async set(next: GatewayMode) {
      if (next === 'down') await stop();
      else if (!server.listening) await listen(port);
      if (mode === 'hanging' && next !== 'hanging') server.closeAllConnections();
      mode = next;
    },
    close: stop,
  };
}
