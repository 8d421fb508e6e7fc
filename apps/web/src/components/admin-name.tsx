import { Flex, Typography } from 'antd';
import { koKit } from '../locales/ko/kit';

/** An admin as a record names them: the current name where the server joined it, the login id it logged. */
export type AdminRef = { name?: string | null; loginId?: string | null };

/**
 * The one name an admin goes by on every screen — the access log, its drawer, a record's 변경 이력 and a timeline
 * (docs/access-log.md#how-a-row-reads): their name ("최고 관리자"), else the login id; null when no admin acted.
 */
export function adminDisplayName({ name, loginId }: AdminRef): string | null {
  return name || loginId || null;
}

/** The name for a sentence or an input: `최고 관리자 (admin)`, the login id in brackets when both are known. */
export function adminLabel(admin: AdminRef): string {
  const name = adminDisplayName(admin);
  if (!name) return koKit.history.system;
  return admin.name && admin.loginId ? `${admin.name} (${admin.loginId})` : name;
}

/** The name, with the login id small beneath it when both are known; 시스템 when no admin acted. */
export function AdminName({ name, loginId }: AdminRef) {
  const shown = adminDisplayName({ name, loginId });
  if (!shown) return <Typography.Text type="secondary">{koKit.history.system}</Typography.Text>;
  return (
    <Flex vertical>
      <span>{shown}</span>
      {name && loginId && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {loginId}
        </Typography.Text>
      )}
    </Flex>
  );
}
