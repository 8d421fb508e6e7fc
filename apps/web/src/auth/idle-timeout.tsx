import { ClockCircleOutlined } from '@ant-design/icons';
import { SETTINGS_DEFAULTS } from '@ilson/contracts';
import { Button, Flex, Modal, Typography } from 'antd';
import { useCallback } from 'react';
import { useClientSettings } from '../api/client-settings';
import { koAccount } from '../locales/ko-account';
import { useSession } from './session-context';
import { useIdleTimeout } from './use-idle-timeout';

const t = koAccount.idle;

/**
 * DESIGN §3: a signed-in session ends after the settings' minutes without activity. A minute before, a
 * dialog counts down with 계속 사용; then the logout goes to /login, which says why.
 */
export function IdleTimeout() {
  const { logout } = useSession();
  const settings = useClientSettings();
  const minutes = settings.data?.sessionTimeoutMinutes ?? SETTINGS_DEFAULTS.sessionTimeoutMinutes;
  const handleTimeout = useCallback(() => void logout({ idleMinutes: minutes }), [logout, minutes]);
  const idle = useIdleTimeout({ timeoutMs: minutes * 60_000, onTimeout: handleTimeout });

  return (
    <Modal
      open={idle.warning}
      title={t.title}
      closable={false}
      maskClosable={false}
      onCancel={idle.stayActive}
      width={420}
      footer={[
        <Button key="logout" onClick={() => void logout()}>
          {t.logoutNow}
        </Button>,
        <Button key="stay" type="primary" onClick={idle.stayActive} autoFocus>
          {t.stay}
        </Button>,
      ]}
    >
      <p>{t.body(minutes)}</p>
      <Flex align="center" gap={8} style={{ margin: '16px 0' }}>
        <ClockCircleOutlined aria-hidden style={{ fontSize: 20, color: '#faad14' }} />
        <Typography.Text strong role="timer" style={{ fontSize: 18 }}>
          {idle.secondsLeft !== null && t.countdown(idle.secondsLeft)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary">{t.hint}</Typography.Text>
    </Modal>
  );
}
