import { jobPostInputSchema, workerInputSchema } from '@ilson/contracts';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { schemaRule } from './field-errors';

async function messageOf(rule: ReturnType<typeof schemaRule>, value: unknown): Promise<string | null> {
  const { validator } = rule as RuleObject & { validator: (r: unknown, v: unknown) => Promise<void> };
  try {
    await validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schemaRule', () => {
  it('answers with our Korean message naming the field, not the library’s wording', async () => {
    expect(await messageOf(schemaRule(jobPostInputSchema, 'headcount'), 0)).toBe(
      '모집 인원은 1 이상이어야 합니다.',
    );
    expect(await messageOf(schemaRule(jobPostInputSchema, 'headcount'), 3)).toBeNull();
    const message = await messageOf(schemaRule(workerInputSchema, 'firstName'), 'x'.repeat(51));
    expect(message).toMatch(/^.+[은는] 50자 이하로 입력해 주세요\.$/);
    expect(message).not.toMatch(/입력값|string|너무/);
  });
});
