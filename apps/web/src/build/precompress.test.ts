import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

const dist = mkdtempSync(path.join(tmpdir(), 'ilson-precompress-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('precompressing the build (docs/wire.md)', () => {
  it('writes a .br and a .gz twin beside every text file that they shrink, and none for images', async () => {
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: '근로자 ${i}' }`).join(',')}];`;
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc.css'), '.a{color:red}'.repeat(200));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html lang="ko">${'<p>일손</p>'.repeat(100)}</html>`,
    );
    writeFileSync(path.join(dist, 'favicon.png'), Buffer.alloc(2000, 1));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}'.padEnd(3000, ' '));
    writeFileSync(path.join(dist, 'tiny.js'), '1');

    const twins = await precompressDir(dist);

    for (const file of ['assets/index-abc.js', 'assets/index-abc.css', 'index.html']) {
      const original = readFileSync(path.join(dist, file));
      const br = readFileSync(path.join(dist, `${file}.br`));
      const gz = readFileSync(path.join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length);
    }
    const written = twins.map((twin) => twin.file).sort();
    expect(written).toEqual(['assets/index-abc.css', 'assets/index-abc.js', 'index.html', 'tiny.js']);
    // A one-byte file does not shrink: no twin, the server sends it as it is.
    expect(twins.find((twin) => twin.file === 'tiny.js')).toEqual({ file: 'tiny.js', size: 1 });
    expect(() => readFileSync(path.join(dist, 'favicon.png.br'))).toThrow();
    expect(() => readFileSync(path.join(dist, '.vite', 'manifest.json.br'))).toThrow();
  });
});
