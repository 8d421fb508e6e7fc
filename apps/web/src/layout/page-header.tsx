import { Breadcrumb, Flex, Typography, theme } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { findScreen, pageInfo } from '../app/screens';
import { ko } from '../locales/ko/common';

/** The current screen's title and breadcrumbs, from the screen table. */
export function useCurrentPage() {
  const { pathname, search } = useLocation();
  const meta = findScreen(pathname);
  return meta ? pageInfo(meta, search) : null;
}

type PageHeaderProps = {
  extra?: ReactNode;
  /** A record's own name instead of the route's title (detail pages); the breadcrumbs keep the route's. */
  title?: string;
  /** Beside the title: the record's status. */
  tags?: ReactNode;
};

export function PageHeader({ extra, title: recordTitle, tags }: PageHeaderProps) {
  const page = useCurrentPage();
  const { token } = theme.useToken();
  const title = recordTitle && page ? `${recordTitle} - ${page.title}` : page?.title;

  useEffect(() => {
    if (title) document.title = ko.app.documentTitle(title);
  }, [title]);

  if (!page) return null;
  return (
    <header style={{ marginBottom: 24 }}>
      <Breadcrumb
        aria-label={ko.pages.breadcrumb}
        items={page.crumbs.map((crumb, index) => ({
          key: `${index}-${crumb.label}`,
          title:
            crumb.path && index < page.crumbs.length - 1 ? (
              <Link to={crumb.path}>{crumb.label}</Link>
            ) : (
              crumb.label
            ),
        }))}
      />
      <Flex align="center" justify="space-between" gap={16} wrap style={{ marginTop: 8 }}>
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          {/* The page's one H1, at the size of a section title (docs/web-app.md#accessibility). */}
          <Typography.Title
            level={1}
            style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
          >
            {recordTitle ?? page.title}
          </Typography.Title>
          {tags}
        </Flex>
        {extra && (
          <Flex gap={8} wrap justify="flex-end">
            {extra}
          </Flex>
        )}
      </Flex>
    </header>
  );
}
