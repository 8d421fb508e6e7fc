import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, type InputProps, type InputRef, Modal, Space, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useClientSettings } from '../../api/client-settings';
import { koKit } from '../../locales/ko/kit';
import { loadPostcode, type PostcodeConstructor, type PostcodeResult } from './postcode-loader';

const t = koKit.form;

/** Whether the settings offer the online address search (off until they say so, and when they cannot be read). */
export function useAddressSearchEnabled(): boolean {
  return useClientSettings().data?.addressSearchEnabled === true;
}

/** The address a pick fills in: the road address, with the building's name when it has one. */
export function formatPickedAddress(result: PostcodeResult): string {
  const road = (result.roadAddress || result.autoRoadAddress || result.address).trim();
  const building = result.buildingName?.trim();
  return building && !road.includes(building) ? `${road} (${building})` : road;
}

type AddressInputProps = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string;
  onChange?: (value: string) => void;
  /** The form's 우편번호 field, filled from the pick too. */
  zipCodeField?: string;
  /** The field the cursor goes to after a pick (상세 주소). */
  detailField?: string;
};

/**
 * An address input for a `Form.Item`. When the settings turn the address search on, a 주소 검색 button beside it
 * opens the postcode service in a dialog and fills the pick in (docs/web-app.md#forms); the input always
 * takes typing, and a service that cannot be reached says so and leaves the typing to the admin.
 */
export function AddressInput({ value, onChange, zipCodeField, detailField, ...input }: AddressInputProps) {
  const enabled = useAddressSearchEnabled();
  const form = Form.useFormInstance();
  const inputRef = useRef<InputRef>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Set while the dialog is open: the service's constructor, loaded on the first click.
  const [postcode, setPostcode] = useState<PostcodeConstructor | null>(null);

  const fail = useCallback(() => {
    setPostcode(null);
    setFailed(true);
    inputRef.current?.focus();
  }, []);

  const pick = useCallback(
    (result: PostcodeResult) => {
      setPostcode(null);
      setFailed(false);
      onChange?.(formatPickedAddress(result));
      if (zipCodeField && result.zonecode) {
        form.setFieldValue(zipCodeField, result.zonecode);
        form.validateFields([zipCodeField]).catch(() => undefined);
      }
      const next = detailField ? form.getFieldInstance(detailField) : inputRef.current;
      setTimeout(() => next?.focus?.(), 0);
    },
    [onChange, zipCodeField, detailField, form],
  );

  // The dialog's body, once in the page, takes the service's embedded search.
  const embed = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !postcode) return;
      try {
        new postcode({ oncomplete: pick, width: '100%', height: '100%' }).embed(element);
      } catch {
        fail();
      }
    },
    [postcode, pick, fail],
  );

  const open = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const api = await loadPostcode();
      setPostcode(() => api);
    } catch {
      fail();
    } finally {
      setLoading(false);
    }
  };

  const field = (
    <Input {...input} ref={inputRef} value={value} onChange={(event) => onChange?.(event.target.value)} />
  );
  if (!enabled) return field;
  return (
    <>
      <Space.Compact block>
        {field}
        <Button icon={<SearchOutlined />} loading={loading} onClick={open}>
          {t.addressSearch}
        </Button>
      </Space.Compact>
      {failed && (
        <Typography.Text type="warning" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {t.addressSearchFailed}
        </Typography.Text>
      )}
      <Modal
        open={postcode !== null}
        title={t.addressSearchTitle}
        footer={null}
        onCancel={() => setPostcode(null)}
        destroyOnHidden
        width={520}
      >
        <div ref={embed} style={{ height: 460 }} />
      </Modal>
    </>
  );
}
