import { EXPORT_FILE_NAMES, EXPORT_RESOURCES, exportQuerySchemas } from '@ilson/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import type { ExportQueryInput, ExportsService } from './exports.service';

const LABELS = { employers: '사업주', workers: '근로자', matchings: '매칭', payments: '결제(정산)' } as const;

/**
 * docs/ARCHITECTURE.md#wire: `GET exports/{employers|workers|matchings|payments}`, each with its list screen's filters.
 * The body is the file itself (not JSON), named in `Content-Disposition` with an RFC 5987 `filename*`.
 */
export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  for (const resource of EXPORT_RESOURCES) {
    app.get(
      `/exports/${resource}`,
      {
        schema: {
          tags: ['exports'],
          summary: `${LABELS[resource]} 목록 내보내기 (${EXPORT_FILE_NAMES[resource]}_{날짜}.xlsx 또는 .csv)`,
          description:
            'format=excel(기본)|csv, 목록 화면과 같은 필터와 정렬. 다운로드 사유(reason)는 설정에 따라 필수이며, ' +
            'unmasked=true는 super_admin·admin만 사유와 함께. Excel은 한 시트 1,048,575건까지(넘으면 422).',
          querystring: exportQuerySchemas[resource],
          produces: [
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'text/csv',
            'application/json',
          ],
        },
      },
      async (request, reply) => {
        const file = await exports.start(resource, request.query as ExportQueryInput, actorOf(request));
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }
};
