import { auditLogsApi } from '@ilson/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { AccessReview } from './access-review';
import type { AuditLogsService } from './audit-logs.service';

const api = auditLogsApi;

/**
 * `/settings/logs`: the access log (접속기록) read back, checked and exported, and its monthly review records.
 * There is deliberately no route that changes or deletes a log row or a review record.
 */
export const auditLogsRoutes: FastifyPluginAsync<{
  auditLogs: AuditLogsService;
  accessReview: AccessReview;
}> = async (app, { auditLogs, accessReview }) => {
  route(app, api.list, async (request) => auditLogs.list(request.query));

  route(app, api.export, async (request, reply) => {
    const file = await auditLogs.startExport(request.query, actorOf(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  route(app, api.verify, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return auditLogs.verify();
  });

  route(app, api.get, async (request) => auditLogs.get(request.params.id));

  route(app, api.reviews, async (request) => auditLogs.listReviews(request.query));

  route(app, api.createReview, async (request) => auditLogs.createReview(request.body, actorOf(request)));

  route(app, api.findings, async (request) => accessReview.list(request.query.period));

  route(app, api.acknowledgeFinding, async (request) =>
    accessReview.acknowledge(request.body, actorOf(request)),
  );
  route(app, api.reopenFinding, async (request) => accessReview.reopen(request.body, actorOf(request)));
};
