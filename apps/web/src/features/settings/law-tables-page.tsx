import { LAW_TABLES, SETTINGS_LABELS } from '@ilson/contracts';
import { Alert, Card, Checkbox, Empty, Flex, Grid, Tag, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../layout/page-header';
import { SettingsNav } from '../../layout/settings-nav';
import { todayInSeoul } from '../../lib/datetime';
import { koLaw } from '../../locales/ko/settings';
import { useSettings } from './api';
import { type LawRowView, lawTablesView } from './law-rows';

const t = koLaw;
const STATUS_COLORS = { inForce: 'green', upcoming: 'blue', ended: 'default' } as const;

/** One row: what it decides, then its basis (law, article, 고시, 시행일, end) and, where there is one, its 확인 필요. */
function LawRowItem({ row, wide }: { row: LawRowView; wide: boolean }) {
  const { token } = theme.useToken();
  const { basis } = row;
  const facts = [
    { label: t.law, value: basis.law },
    { label: t.article, value: basis.article },
    ...(basis.notice ? [{ label: t.notice, value: basis.notice }] : []),
    { label: t.effectiveFrom, value: basis.effectiveFrom ?? t.unknownDate },
    { label: t.effectiveTo, value: basis.effectiveTo ?? t.noEnd },
  ];
  return (
    <li
      data-testid="law-row"
      style={{
        listStyle: 'none',
        padding: '12px 0',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        overflowWrap: 'anywhere',
      }}
    >
      <Flex gap={6} wrap align="center" style={{ marginBottom: 6 }}>
        <Tag color={STATUS_COLORS[row.status]} style={{ marginInlineEnd: 0 }}>
          {t.status[row.status]}
        </Tag>
        {row.setting && (
          <Tag color="purple" data-testid="law-setting-tag" style={{ marginInlineEnd: 0 }}>
            {t.setting}
          </Tag>
        )}
        {basis.verify && (
          <Tag color="gold" data-testid="law-verify-tag" style={{ marginInlineEnd: 0 }}>
            {t.verify}
          </Tag>
        )}
        {row.values.map((item) => (
          <Typography.Text key={item.label} style={{ marginInlineEnd: 8 }}>
            <Typography.Text type="secondary">{item.label}</Typography.Text> <strong>{item.value}</strong>
          </Typography.Text>
        ))}
      </Flex>
      {/* A desk reads the basis on one line or two; a phone as label and value lines. */}
      <dl
        style={
          wide
            ? { margin: 0, display: 'flex', flexWrap: 'wrap', gap: '2px 24px' }
            : { margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px' }
        }
      >
        {facts.map((fact) => (
          <div key={fact.label} style={wide ? { display: 'flex', gap: 8 } : { display: 'contents' }}>
            <dt style={{ color: token.colorTextSecondary, fontSize: 13, flex: 'none' }}>{fact.label}</dt>
            <dd style={{ margin: 0, fontSize: 13 }}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {basis.verify && (
        <div
          style={{
            marginTop: 8,
            padding: '6px 10px',
            borderRadius: token.borderRadiusSM,
            background: token.colorWarningBg,
            border: `1px solid ${token.colorWarningBorder}`,
            fontSize: 13,
          }}
        >
          <strong>{t.verifyText}: </strong>
          {basis.verify}
        </div>
      )}
    </li>
  );
}

/**
 * `/settings/law`: every table of LAW_TABLES (docs/law-as-data.md) with each row's basis, 시행일 and end, read-only
 * for any admin; "확인 필요만" (`?verify=1`) keeps the rows whose text could not be confirmed. Cards and lists, no
 * table, so a phone reads it without scrolling sideways.
 */
export default function LawTablesPage() {
  const [params, setParams] = useSearchParams();
  const wide = !!Grid.useBreakpoint().lg;
  const verifyOnly = params.get('verify') === '1';
  const today = todayInSeoul();
  // The pilot rows are operator-kept settings: the values in force come from the settings (docs/law-as-data.md).
  const pilots = useSettings().data?.pilotSectors;
  const tables = useMemo(
    () => lawTablesView(today, verifyOnly, undefined, pilots),
    [today, verifyOnly, pilots],
  );
  const all = useMemo(() => lawTablesView(today, false), [today]);
  const rowCount = all.reduce((n, table) => n + table.total, 0);
  const verifyCount = LAW_TABLES.reduce((n, table) => n + table.rows.filter((r) => r.basis.verify).length, 0);

  const setVerifyOnly = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set('verify', '1');
        else next.delete('verify');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader />
      <SettingsNav />
      <Typography.Paragraph type="secondary" style={{ maxWidth: 880 }}>
        {t.intro}
      </Typography.Paragraph>
      <Flex gap={16} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Checkbox checked={verifyOnly} onChange={(event) => setVerifyOnly(event.target.checked)}>
          {t.verifyOnly}
        </Checkbox>
        <Typography.Text type="secondary" data-testid="law-summary">
          {t.summary(LAW_TABLES.length, rowCount, verifyCount)}
        </Typography.Text>
      </Flex>
      {tables.length === 0 ? (
        <Empty description={t.empty} />
      ) : (
        tables.map((table) => (
          <Card
            key={table.key}
            data-testid="law-table"
            size="small"
            title={<span style={{ whiteSpace: 'normal' }}>{table.title}</span>}
            extra={
              <Typography.Text type="secondary">
                {t.tableRows(table.rows.length, table.total)}
              </Typography.Text>
            }
            style={{ marginBottom: 16 }}
            styles={{ body: { paddingTop: 0, paddingBottom: 0 } }}
          >
            {table.setting && (
              <Alert
                type="info"
                showIcon
                style={{ margin: '12px 0' }}
                title={
                  <>
                    <Tag color="blue">{t.setting}</Tag>
                    {t.settingNote(SETTINGS_LABELS[table.setting])}{' '}
                    <Link to="/settings">{t.settingLink}</Link>
                  </>
                }
              />
            )}
            <ul style={{ margin: 0, padding: 0 }} aria-label={table.title}>
              {table.rows.map((row, index) => (
                // Rows have no id of their own; their order in the table is fixed.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <LawRowItem key={index} row={row} wide={wide} />
              ))}
            </ul>
          </Card>
        ))
      )}
    </>
  );
}
