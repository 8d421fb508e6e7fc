import { type CurrentUser, ROLE_LABELS } from '@ilson/contracts';
import { Avatar, Descriptions, Flex, Modal, Typography } from 'antd';
import { formatDateTime } from '../lib/datetime';
import { ko } from '../locales/ko';
import { initialOf } from './user-initial';

type ProfileModalProps = { user: CurrentUser; open: boolean; onClose: () => void };

/** 내 정보: the signed-in administrator's own profile (no route of its own). */
export function ProfileModal({ user, open, onClose }: ProfileModalProps) {
  const t = ko.profile;
  return (
    <Modal title={t.title} open={open} onCancel={onClose} footer={null}>
      <Flex align="center" gap={12} style={{ marginBlock: 16 }}>
        <Avatar size={48} style={{ backgroundColor: '#1677ff' }}>
          {initialOf(user.name)}
        </Avatar>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {user.name}
        </Typography.Title>
      </Flex>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'name', label: t.name, children: user.name },
          { key: 'loginId', label: t.loginId, children: user.loginId },
          { key: 'email', label: t.email, children: user.email },
          { key: 'role', label: t.role, children: ROLE_LABELS[user.role] ?? user.role },
          {
            key: 'lastLoginAt',
            label: t.lastLoginAt,
            children: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t.never,
          },
        ]}
      />
    </Modal>
  );
}
