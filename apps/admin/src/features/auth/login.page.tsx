import type { OperatorLoginResponse } from '@app/shared';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { apiCall, storeSessionToken } from '../../shared/api-client.ts';
import { deviceTokenFor, rememberDeviceToken } from './device-token.ts';

type Enrolment = Extract<OperatorLoginResponse, { step: 'enrol' }>;

interface LoginFields {
  username: string;
  password: string;
  totp_code?: string;
}

/**
 * Operator login: username, password and the authenticator's code. The first login of an operator has no
 * code yet: the server answers a QR code to scan, and a code from the app finishes the enrolment. Every login
 * sends this browser's device token for the username (see device-token.ts) and keeps the one answered.
 */
export function LoginPage() {
  const { mutate: finishLogin } = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = (answer: OperatorLoginResponse) => {
    if (answer.step === 'enrol') {
      setEnrolment(answer);
      return;
    }
    rememberDeviceToken(answer.operator.username, answer.device_token);
    storeSessionToken(answer.token);
    finishLogin({});
  };
  const run = async (work: () => Promise<OperatorLoginResponse>) => {
    setBusy(true);
    setError(null);
    try {
      signIn(await work());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 80 }}>
      <Card title="Operator console" style={{ width: 420 }}>
        {error ? <Alert type="error" message={error} style={{ marginBottom: 16 }} /> : null}
        {enrolment ? (
          <Form<{ totp_code: string }>
            layout="vertical"
            onFinish={({ totp_code }) =>
              run(() =>
                apiCall<OperatorLoginResponse>('POST', '/admin/api/auth/enrol', {
                  enrolment_token: enrolment.enrolment_token,
                  totp_code,
                }),
              )
            }
          >
            <Typography.Paragraph>{enrolment.msg}</Typography.Paragraph>
            <Space direction="vertical" align="center" style={{ width: '100%' }}>
              <img src={enrolment.qr_data_url} alt="TOTP QR code" width={220} height={220} />
              <Typography.Text copyable={{ text: enrolment.secret }} data-testid="totp-secret">
                {enrolment.secret}
              </Typography.Text>
            </Space>
            <Form.Item label="Code from the app" name="totp_code" rules={[{ required: true, len: 6 }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block>
              Finish enrolment
            </Button>
          </Form>
        ) : (
          <Form<LoginFields>
            layout="vertical"
            onFinish={(fields) =>
              run(() =>
                apiCall<OperatorLoginResponse>('POST', '/admin/api/auth/login', {
                  ...fields,
                  device_token: deviceTokenFor(fields.username),
                }),
              )
            }
          >
            <Form.Item label="Username" name="username" rules={[{ required: true }]}>
              <Input autoComplete="username" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[{ required: true }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label="Authenticator code"
              name="totp_code"
              extra="Leave empty at your first login to enrol an authenticator app."
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} block>
              Log in
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
