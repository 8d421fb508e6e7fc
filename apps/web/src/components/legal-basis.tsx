import { basisLabel, type LegalBasis } from '@ilson/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import { koKit } from '../locales/ko/kit';

/**
 * The legal rule a decision applies, under its message (docs/law-as-data.md): law, article, 고시 and 시행일 in one
 * line, and a 확인 필요 tag with what could not be confirmed when the row says so.
 */
export function LegalBasisNote({ basis }: { basis: LegalBasis }) {
  return (
    <div data-testid="legal-basis">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {koKit.law.basis}: {basisLabel(basis)}
      </Typography.Text>
      {basis.verify && (
        <Tooltip title={basis.verify}>
          <Tag color="gold" style={{ marginInlineStart: 6 }}>
            {koKit.law.verify}
          </Tag>
        </Tooltip>
      )}
    </div>
  );
}
