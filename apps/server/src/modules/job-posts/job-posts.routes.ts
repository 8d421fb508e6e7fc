import { jobPostsApi } from '@ilson/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf } from '../../plugins/auth';
import { route } from '../../plugins/endpoint';
import type { JobPostsService } from './job-posts.service';

const api = jobPostsApi;

/**
 * Status changes take `job_posts:write` at the door; each transition then needs its own permission from
 * JOB_POST_TRANSITIONS (approve, reject, suspend, resume: `job_posts:approve`).
 */
export const jobPostsRoutes: FastifyPluginAsync<{ jobPosts: JobPostsService }> = async (
  app,
  { jobPosts },
) => {
  route(app, api.list, async (request) => jobPosts.list(request.query, actorOf(request)));

  route(app, api.get, async (request) => jobPosts.get(request.params.id, actorOf(request)));

  route(app, api.create, async (request) => jobPosts.create(request.body, actorOf(request)));

  route(app, api.update, async (request) =>
    jobPosts.update(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.changeStatus, async (request) =>
    jobPosts.changeStatus(request.params.id, request.body, actorOf(request)),
  );

  route(app, api.remove, async (request) => {
    await jobPosts.remove(request.params.id, actorOf(request));
    return { ok: true as const };
  });

  route(app, api.history, async (request) => jobPosts.history(request.params.id, actorOf(request)));
};
