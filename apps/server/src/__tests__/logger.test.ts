import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger';

describe('log redaction', () => {
  it('blanks passwords, tokens and identifiers and drops query strings', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions('info', false) as pino.LoggerOptions;
    const logger = pino(options, sink);
    logger.info(
      {
        req: { method: 'GET', url: '/api/v1/workers?q=9001015123456', ip: '1.2.3.4', id: 'r1' },
        body: { password: 'hunter22', refreshToken: 'abc', alienRegNo: '9001015123456', name: '홍길동' },
      },
      'request',
    );
    const output = lines.join('');
    expect(output).not.toContain('hunter22');
    expect(output).not.toContain('9001015123456');
    expect(output).not.toContain('"abc"');
    expect(output).toContain('[REDACTED]');
    expect(output).toContain('"/api/v1/workers"');
    expect(output).toContain('홍길동');
  });
});
