import { ClockCircleOutlined } from '@ant-design/icons';
import { SESSION_ACTIVITY_WRITE_SECONDS, SETTINGS_DEFAULTS } from '@ilson/contracts';
import { Button, Flex, Modal, Typography } from 'antd';
import { useCallback } from 'react';
import { useClientSettings } from '../api/client-settings';
import { koAccount } from '../locales/ko/account';
import { fetchCurrentUser } from './auth-api';
import { readLastRequest } from './idle-activity';
import { useSession } from './session-context';
import { useIdleTimeout } from './use-idle-timeout';

const t = koAccount.idle;

/** Activity in the page with no request for this long is reported to the server (which sees only requests). */
export const KEEPALIVE_AFTER_MS = 15_000;
/**
 * The server may count idleness from up to KEEPALIVE_AFTER_MS + its write interval before the last activity here:
 * the browser ends the session that much sooner, so it is never the server that ends it first.
 */
export const IDLE_LOGOUT_EARLY_MS = KEEPALIVE_AFTER_MS + SESSION_ACTIVITY_WRITE_SECONDS * 1000;

/** A signed-in request: the server counts it as activity (its reply is recorded by the API client). */
function keepAlive(explicit: boolean) {
  const last = readLastRequest();
  if (!explicit && last !== null && Date.now() - last < KEEPALIVE_AFTER_MS) return;
  fetchCurrentUser().catch(() => {});
}

/**
 * docs/SECURITY.md: a signed-in session ends after the settings' minutes without activity — input here or a request the
 * server accepted, the server's own measure (docs/sessions-and-logs.md). A minute before, a dialog counts down
 * with 계속 사용; then the logout goes to /login, which says why.
 */
export function IdleTimeout() {
  const { logout } = useSession();
  const settings = useClientSettings();
  const minutes = settings.data?.sessionTimeoutMinutes ?? SETTINGS_DEFAULTS.sessionTimeoutMinutes;
  const handleTimeout = useCallback(() => void logout({ idleMinutes: minutes }), [logout, minutes]);
  const idle = useIdleTimeout({
    timeoutMs: minutes * 60_000 - IDLE_LOGOUT_EARLY_MS,
    onTimeout: handleTimeout,
    onActivity: keepAlive,
  });

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
