/// <reference types="node" />
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text. Images and fonts of these kinds are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

export type Twins = { file: string; size: number; br?: number; gz?: number };

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) twin beside every text file under `dir`, once at
 * build time, so the server sends them without compressing per request (docs/wire.md). A twin that is not
 * smaller than its file is not written: the server then sends the file as it is.
 */
export async function precompressDir(dir: string): Promise<Twins[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('.vite'));
  return Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      const twins: Twins = { file: path.relative(dir, file), size: body.length };
      if (br.length < body.length) {
        await writeFile(`${file}.br`, br);
        twins.br = br.length;
      }
      if (gz.length < body.length) {
        await writeFile(`${file}.gz`, gz);
        twins.gz = gz.length;
      }
      return twins;
    }),
  );
}

/** The Vite plugin: precompresses the build's output (public files included) when the bundle is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ilson:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!(await stat(outDir).catch(() => undefined))?.isDirectory()) return;
      const twins = await precompressDir(outDir);
      const sum = (pick: (twin: Twins) => number | undefined) =>
        twins.reduce((total, twin) => total + (pick(twin) ?? twin.size), 0);
      config.logger.info(
        `precompressed ${twins.length} files: ${sum((twin) => twin.size)} B → br ${sum((twin) => twin.br)} B, gzip ${sum((twin) => twin.gz)} B`,
      );
    },
  };
}
