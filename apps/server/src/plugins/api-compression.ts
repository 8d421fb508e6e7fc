import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_API_COMPRESS_THRESHOLD_BYTES } from '../config';

export { DEFAULT_API_COMPRESS_THRESHOLD_BYTES };

/** Brotli quality per request: 2 keeps most of 4's ratio on JSON at about half the CPU. */
export const API_BROTLI_QUALITY = 2;

/**
 * JSON replies of the API at least `thresholdBytes` long are compressed for a client that asks: br at quality 2
 * (preferred), else gzip at level 4 — cheap levels, since this runs per request (docs/wire.md#api-replies). Only
 * JSON: exports (CSV, xlsx) stream out as they are, and the static files carry their own twins. Registered inside
 * the API's scope, after the root's onSend hooks (idempotency keeps the plain reply). 0 turns it off.
 */
export const apiCompressionPlugin = fp(async (app: FastifyInstance, opts: { thresholdBytes: number }) => {
  if (opts.thresholdBytes <= 0) return;
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: opts.thresholdBytes,
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } },
    zlibOptions: { level: 4 },
  });
});
