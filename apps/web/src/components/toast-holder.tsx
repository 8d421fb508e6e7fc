import { TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { message } from 'antd';
import { useEffect } from 'react';
import { AntdProvider } from '../app/antd-provider';
import type { ToastApi } from './toast';

/** antd's message holder in the theme (loaded by ToastProvider on first use, components/toast.tsx). */
export default function ToastHolder({ onReady }: { onReady: (api: ToastApi) => void }) {
  const [api, holder] = message.useMessage({ duration: TOAST_DURATION_SECONDS, maxCount: 3 });
  useEffect(() => onReady(api), [api, onReady]);
  return <AntdProvider>{holder}</AntdProvider>;
}
