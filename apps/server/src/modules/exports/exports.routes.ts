import { EXPORT_RESOURCES, exportsApi } from '@ilson/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAdmin } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { ExportQueryInput, ExportsService } from './exports.service';

/**
 * docs/exports.md#endpoints-and-file-names: `GET exports/{employers|workers|matchings|payments}`, each with its list screen's filters.
 * The body is the file itself (not JSON), named in `Content-Disposition` with an RFC 5987 `filename*`.
 */
export const exportsRoutes: FastifyPluginAsync<{ exports: ExportsService }> = async (app, { exports }) => {
  for (const resource of EXPORT_RESOURCES) {
    route(app, exportsApi[resource], async (request, reply) => {
      // An unmasked file asks for a fresh second factor (docs/second-factor.md#step-up).
      if ((request.query as ExportQueryInput).unmasked === 'true') {
        await app.secondFactor.assertFresh(requireAdmin(request), request.ip);
      }
      const file = await exports.start(resource, request.query as ExportQueryInput, actorOf(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  }
};
