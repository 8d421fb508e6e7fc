import { to as copyTo } from 'pg-copy-streams';

/**
 * `COPY … TO STDOUT` as a stream, like pg-copy-streams' `to`, with a cheaper unframing of the rows.
 *
 * PostgreSQL sends every row of a COPY in a CopyData message of its own. pg-copy-streams 7 (pinned) takes each
 * message's payload as a Buffer slice of its own and then joins the slices of a socket read into one chunk: for a
 * million-row export that is a million slices and a copy of every byte, 0.4 s of the server's 0.8 s of CPU for the
 * whole export (docs/exports.md#what-a-csv-row-costs). Here the payloads of one socket read are moved together inside
 * that read's own buffer, over the framing between them, and pushed as one chunk.
 *
 * Only the parsing is ours: the library still takes the connection over, hands the messages after the COPY
 * (CommandComplete, ReadyForQuery, or an ErrorResponse) back to pg, and counts the rows. The parser follows the
 * library's own rules (which messages may come between the rows, what ends the COPY), and a property test
 * (`__tests__/copy-out.test.ts`) checks it against the library's over any stream of messages cut into any chunks.
 */

const ERROR_RESPONSE = 0x45;
const COPY_DATA = 0x64;
/** Messages that may come before or between the rows; any other ends the COPY (protocol-flow, "COPY Operations"). */
const WITHIN_COPY = new Set([0x48 /* CopyOutResponse */, COPY_DATA, 0x53, 0x4e, 0x41]);

/** The library's stream and the parts of it this parser uses (its own, at the pinned version). */
type LibraryStream = ReturnType<typeof copyTo> & {
  _buffer: { push(chunk: Buffer): void };
  _detach(): void;
  _cleanup(): void;
};

export type CopyOutStream = ReturnType<typeof copyTo>;

export function copyOut(text: string): CopyOutStream {
  const stream = copyTo(text) as LibraryStream;
  /** An incomplete message header (code and length, 5 bytes) left at the end of the last read. */
  let partial: Buffer | undefined;
  /** The current message's code and how many of its bytes are still to come. */
  let code = 0;
  let remaining = 0;

  (stream as unknown as { _parse(chunk: Buffer): boolean })._parse = (chunk: Buffer) => {
    const input = partial ? Buffer.concat([partial, chunk]) : chunk;
    partial = undefined;
    // The rows are moved down over the framing, in place: nothing else holds this socket read, and the write
    // position never passes the read position (each message skips its 5-byte header). copyWithin is a memmove.
    let written = 0;
    let at = 0;
    let ended = false;
    while (at < input.length) {
      if (remaining > 0) {
        const take = Math.min(remaining, input.length - at);
        if (code === COPY_DATA) {
          input.copyWithin(written, at, at + take);
          written += take;
        }
        at += take;
        remaining -= take;
        if (remaining === 0 && !WITHIN_COPY.has(code)) {
          ended = true;
          break;
        }
        continue;
      }
      if (input[at] === ERROR_RESPONSE) {
        // pg reads the error itself (and fails the query); the library stops here, as its own parser does.
        stream._buffer.push(input.subarray(at));
        stream._detach();
        return false;
      }
      if (input.length - at < 5) {
        partial = Buffer.from(input.subarray(at));
        break;
      }
      code = input[at]!;
      remaining = input.readUInt32BE(at + 1) - 4;
      at += 5;
      if (remaining === 0 && !WITHIN_COPY.has(code)) {
        ended = true;
        break;
      }
    }
    const drained = written > 0 ? stream.push(input.subarray(0, written)) : true;
    if (!ended) return drained;
    // What follows the COPY (CommandComplete, ReadyForQuery) goes back to pg, and this stream reads no more.
    stream._buffer.push(input.subarray(at));
    stream._detach();
    stream.push(null);
    stream._cleanup();
    return false;
  };
  return stream;
}
