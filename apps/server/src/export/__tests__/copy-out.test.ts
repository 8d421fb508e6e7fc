import { EventEmitter } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import fc from 'fast-check';
import { to as copyTo } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, openTestDatabase } from '../../../test/helpers';
import type { DbHandle } from '../../db/client';
import { copyOut } from '../copy-out';

/** One backend message: its code and its payload (protocol-message-formats). */
type Message = { code: number; payload: Buffer };

const frame = ({ code, payload }: Message) => {
  const header = Buffer.alloc(5);
  header[0] = code;
  header.writeUInt32BE(payload.length + 4, 1);
  return Buffer.concat([header, payload]);
};

const CODES = {
  copyOutResponse: 0x48,
  copyData: 0x64,
  copyDone: 0x63,
  commandComplete: 0x43,
  readyForQuery: 0x5a,
  errorResponse: 0x45,
  parameterStatus: 0x53,
  notice: 0x4e,
  notification: 0x41,
};

/**
 * Feeds a byte stream, cut into the given chunks, to a COPY stream as pg's connection would, and collects what it
 * passes on and what it hands back to pg (the messages after the COPY). The connection is the part of pg's the
 * library uses: a socket stream whose one 'data' listener is pg's parser, and `query(text)`.
 */
async function run(make: (text: string) => Readable & { submit(c: unknown): void }, chunks: Buffer[]) {
  const socket = new PassThrough();
  const handedBack: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => handedBack.push(Buffer.from(chunk)));
  const connection = Object.assign(new EventEmitter(), { stream: socket, query() {} });
  const stream = make('COPY x TO STDOUT');
  const output: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => output.push(Buffer.from(chunk)));
  let finished = false;
  stream.on('end', () => {
    finished = true;
  });
  stream.submit(connection);
  const settle = async () => {
    for (let tick = 0; tick < 4; tick++) await new Promise((resolve) => setImmediate(resolve));
  };
  for (const chunk of chunks) {
    socket.write(chunk);
    await settle();
  }
  await settle();
  return { output: Buffer.concat(output), handedBack: Buffer.concat(handedBack), finished };
}

const row = fc.uint8Array({ minLength: 0, maxLength: 40 }).map((bytes) => Buffer.from(bytes));
const between = fc.constantFrom(CODES.parameterStatus, CODES.notice, CODES.notification);

/** A COPY's reply: CopyOutResponse, rows with the odd notice between them, then CopyDone or an error, then the rest. */
const reply = fc
  .record({
    rows: fc.array(
      fc.oneof(
        { weight: 8, arbitrary: row.map((payload) => ({ code: CODES.copyData, payload })) },
        {
          weight: 1,
          arbitrary: fc.tuple(between, row).map(([code, payload]) => ({ code, payload })),
        },
      ),
      { maxLength: 30 },
    ),
    ending: fc.constantFrom('done', 'error'),
  })
  .map(({ rows, ending }) => {
    const head: Message[] = [{ code: CODES.copyOutResponse, payload: Buffer.from([0, 0, 1, 0, 0]) }];
    const tail: Message[] =
      ending === 'done'
        ? [
            { code: CODES.copyDone, payload: Buffer.alloc(0) },
            { code: CODES.commandComplete, payload: Buffer.from('COPY 3\0') },
            { code: CODES.readyForQuery, payload: Buffer.from('I') },
          ]
        : [
            { code: CODES.errorResponse, payload: Buffer.from('SERROR\0Cxx\0\0') },
            { code: CODES.readyForQuery, payload: Buffer.from('I') },
          ];
    return Buffer.concat([...head, ...rows, ...tail].map(frame));
  });

/** The bytes cut at any points (1-byte chunks included: a header split across reads). */
const cut = (bytes: Buffer) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 12 })
    .map((points) => {
      const sorted = [...points].filter((p) => p < bytes.length).sort((a, b) => a - b);
      const edges = [0, ...sorted, bytes.length];
      return edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
    });

describe('copyOut', () => {
  it('passes on and hands back exactly what pg-copy-streams does, for any reply cut into any chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        reply.chain((bytes) => cut(bytes)),
        async (chunks) => {
          // Each run gets its own copies: copyOut moves rows inside the chunks it is given.
          const copies = () => chunks.map((chunk) => Buffer.from(chunk));
          const theirs = await run(copyTo as never, copies());
          const ours = await run(copyOut as never, copies());
          expect(ours.output.equals(theirs.output)).toBe(true);
          expect(ours.handedBack.equals(theirs.handedBack)).toBe(true);
          expect(ours.finished).toBe(theirs.finished);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes the rows of a reply without their framing', async () => {
    const rows = ['1,가\n', '2,"a,b"\n', ''].map((text) => Buffer.from(text));
    const bytes = Buffer.concat(
      [
        { code: CODES.copyOutResponse, payload: Buffer.from([0, 0, 0]) },
        ...rows.map((payload) => ({ code: CODES.copyData, payload })),
        { code: CODES.copyDone, payload: Buffer.alloc(0) },
        { code: CODES.readyForQuery, payload: Buffer.from('I') },
      ].map(frame),
    );
    const { output, handedBack, finished } = await run(copyOut as never, [bytes]);
    expect(output.toString()).toBe('1,가\n2,"a,b"\n');
    expect(handedBack.equals(frame({ code: CODES.readyForQuery, payload: Buffer.from('I') }))).toBe(true);
    expect(finished).toBe(true);
  });
});

describe.skipIf(engine !== 'pg')('copyOut on PostgreSQL', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('streams a COPY, fails on an error in the middle, and leaves the connection usable', async () => {
    const client = await handle.pool!.connect();
    try {
      const chunks: Buffer[] = [];
      const copy = client.query(
        copyOut(
          `COPY (SELECT n, repeat('가', n % 50) FROM generate_series(1, 50000) n) TO STDOUT WITH (FORMAT csv)`,
        ),
      );
      for await (const chunk of copy) chunks.push(chunk as Buffer);
      // CSV writes an empty text as "" (a NULL would be nothing).
      const expected = Array.from(
        { length: 50_000 },
        (_, i) => `${i + 1},${'가'.repeat((i + 1) % 50) || '""'}\n`,
      );
      expect(chunks.length).toBeGreaterThan(1);
      expect(Buffer.concat(chunks).toString()).toBe(expected.join(''));

      const failing = client.query(
        copyOut(
          `COPY (SELECT 10 / (20000 - n) FROM generate_series(1, 30000) n) TO STDOUT WITH (FORMAT csv)`,
        ),
      );
      await expect(
        (async () => {
          for await (const _chunk of failing);
        })(),
      ).rejects.toThrow(/division by zero/);
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
  });
});
