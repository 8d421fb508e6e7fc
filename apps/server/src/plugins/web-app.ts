import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_STATUS } from '@ilson/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../messages';
import { envelope } from './errors';

function sendPage(reply: FastifyReply, file: 'index.html' | 'login.html') {
  return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);
}

/**
 * Serves the built web app at `/` with an SPA fallback (a deep link such as /employers/5 gets index.html), the plain
 * login page (login.html, the build's second entry, docs/wire.md#the-login-page) at /login, and answers any unknown
 * /api path with the 404 envelope. Both pages go out alike: never cached, their br or gzip twin when asked for.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, opts: { root: string | undefined }) => {
  const root = opts.root && existsSync(path.join(opts.root, 'index.html')) ? opts.root : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      // The build writes a .br and a .gz twin beside every text file (docs/wire.md): a browser asking for br
      // (preferred) or gzip gets the twin with Content-Encoding and Vary: Accept-Encoding, without compressing
      // per request; one asking for neither, or a file without twins, gets the file as it is.
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        // filePath is the twin's when one is sent: it is in the same folder.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, 'index.html'));
    app.get('/login', { schema: { hide: true } }, (_request, reply) => sendPage(reply, 'login.html'));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url.split('?')[0]!);
    if (root && !isApi && wantsPage) return sendPage(reply, 'index.html');
    return reply
      .code(ERROR_STATUS.NOT_FOUND)
      .send(envelope('NOT_FOUND', isApi ? messages.routeNotFound : undefined));
  });
});
