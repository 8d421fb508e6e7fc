import { type Readable, Stream } from 'node:stream';
import {
  IMPORT_CONTENT_TYPES,
  IMPORT_LIMITS,
  IMPORT_RESOURCES,
  IMPORTS_API,
  importMessages,
} from '@ilson/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { validationError } from '../../lib/errors';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { ImportsService } from './imports.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * docs/imports.md: `/{workers|employers}/imports…`. The upload's body is the file itself, read as a stream (never
 * parsed as JSON, never buffered by Fastify); its size is bounded while it is read.
 */
export const importsRoutes: FastifyPluginAsync<{ imports: ImportsService }> = async (app, { imports }) => {
  app.addContentTypeParser(
    [...IMPORT_CONTENT_TYPES],
    { bodyLimit: IMPORT_LIMITS.maxBytes },
    (_request, payload, done) => done(null, payload),
  );
  app.addHook('onClose', () => imports.stop());

  for (const resource of IMPORT_RESOURCES) {
    const api = IMPORTS_API[resource];
    route(app, api.template, async (request, reply) => {
      const file = await imports.template(resource, actorOf(request));
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    });
    route(app, api.list, async (request) => imports.list(resource, request.query, actorOf(request)));
    route(app, api.upload, async (request, reply) => {
      const body = request.body as unknown;
      // The client gave up (docs/imports.md#what-a-file-may-hold): the reading stops and the batch is deleted.
      const closed = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) closed.abort();
      });
      if (!(body instanceof Stream)) {
        throw validationError(
          [{ field: 'file', message: importMessages.unsupportedType }],
          importMessages.unsupportedType,
        );
      }
      return imports.upload(
        resource,
        body as Readable,
        request.query.fileName,
        actorOf(request),
        closed.signal,
      );
    });
    route(app, api.get, async (request) => imports.get(resource, request.params.id, actorOf(request)));
    route(app, api.validate, async (request) =>
      imports.validate(resource, request.params.id, request.body.mapping, actorOf(request)),
    );
    route(app, api.commit, async (request) => imports.commit(resource, request.params.id, actorOf(request)));
    route(app, api.cancel, async (request) => imports.cancel(resource, request.params.id, actorOf(request)));
    route(app, api.undo, async (request) => imports.undo(resource, request.params.id, actorOf(request)));
    route(app, api.errors, async (request, reply) => {
      const file = await imports.errorReport(resource, request.params.id, actorOf(request));
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  }
};
