import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, type FormListFieldData, Row, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { koResumes } from '../../locales/ko/resumes';

const t = koResumes;

type EntryListProps = {
  name: string;
  /** The section's title and one entry's name (`경력`, `경력 2`). */
  title: string;
  entryLabel: string;
  emptyText: string;
  /** A new entry's values. */
  blank: () => object;
  max: number;
  children: (field: FormListFieldData) => ReactNode;
};

/**
 * A list of resume entries to edit: each a compact card with its own fields and rules, moved up and down or
 * removed from its header, and a button to add one more.
 */
export function EntryList({ name, title, entryLabel, emptyText, blank, max, children }: EntryListProps) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <Card
          size="small"
          title={
            <Flex gap={8} align="center">
              {title}
              <Tag style={{ marginInlineEnd: 0 }}>{fields.length}</Tag>
            </Flex>
          }
          extra={
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= max}
              onClick={() => add(blank())}
            >
              {t.add(entryLabel)}
            </Button>
          }
          style={{ marginBottom: 16 }}
        >
          {fields.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ margin: '8px 0' }} />
          ) : (
            <Flex vertical gap={12}>
              {fields.map((field, index) => {
                const label = t.entryTitle(entryLabel, index + 1);
                return (
                  <Card
                    key={field.key}
                    className="resume-entry"
                    type="inner"
                    size="small"
                    role="group"
                    aria-label={label}
                    title={label}
                    styles={{ body: { paddingBottom: 0 } }}
                    extra={
                      <Flex gap={4}>
                        <Tooltip title={t.moveUp}>
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowUpOutlined />}
                            aria-label={`${label} ${t.moveUp}`}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          />
                        </Tooltip>
                        <Tooltip title={t.moveDown}>
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowDownOutlined />}
                            aria-label={`${label} ${t.moveDown}`}
                            disabled={index === fields.length - 1}
                            onClick={() => move(index, index + 1)}
                          />
                        </Tooltip>
                        <Tooltip title={t.remove}>
                          <Button
                            size="small"
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={`${label} ${t.remove}`}
                            onClick={() => remove(index)}
                          />
                        </Tooltip>
                      </Flex>
                    }
                  >
                    <Row gutter={[16, 0]}>{children(field)}</Row>
                  </Card>
                );
              })}
            </Flex>
          )}
        </Card>
      )}
    </Form.List>
  );
}
