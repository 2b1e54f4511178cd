import {
  type AdminContentResponse,
  adminBannersBody,
  adminNoticesBody,
  adminSupportContactsBody,
  MAX_HOME_BANNERS,
  MAX_SUPPORT_CONTACTS,
  NOTICE_MAX_LENGTH,
  SUPPORT_TYPES,
  type SupportType,
  supportContactProblem,
} from '@app/shared';
import { Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';
import { BannerUploadButton } from './banner-upload.component.tsx';

const CONTACT_LABELS: Record<SupportType, string> = {
  mobile: 'Phone',
  email: 'Email',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
};
const CONTACT_PLACEHOLDERS: Record<SupportType, string> = {
  mobile: '+91 98765 43210',
  email: 'help@example.com',
  whatsapp: '+919876543210',
  telegram: '@support_name or https://t.me/support_name',
};

/** Checks a body with its shared schema, then saves it; answers whether it was saved. */
async function saveWith(
  schema: ZodType,
  path: string,
  body: unknown,
  what: string,
  onSaved: (c: AdminContentResponse) => void,
) {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    message.error(issue ? `${issue.path.join('.')}: ${issue.message}` : `Invalid ${what}`);
    return;
  }
  try {
    onSaved(await apiCall<AdminContentResponse>('PUT', path, body));
    message.success(`${what} saved`);
  } catch (error) {
    message.error(error instanceof Error ? error.message : String(error));
  }
}

/** The home carousel: up to five images in order, each a path on this server or an https address. */
function BannersForm({
  content,
  onSaved,
}: {
  content: AdminContentResponse;
  onSaved: (c: AdminContentResponse) => void;
}) {
  const [form] = Form.useForm<{ banners: Array<{ image: string }> }>();
  return (
    <Card
      title="Home banners"
      extra={<Typography.Text type="secondary">The player home's carousel, in this order</Typography.Text>}
    >
      <Form
        form={form}
        initialValues={{ banners: content.banners.map((image) => ({ image })) }}
        onFinish={(values) =>
          saveWith(
            adminBannersBody,
            '/admin/api/content/banners',
            { banners: (values.banners ?? []).map((banner) => banner.image ?? '') },
            'Banners',
            onSaved,
          )
        }
      >
        <Form.List name="banners">
          {(rows, { add, remove, move }) => (
            <>
              {rows.map((row, index) => (
                <Row
                  key={row.key}
                  gutter={8}
                  align="middle"
                  style={{ marginBottom: 8 }}
                  data-testid={`banner-row-${index}`}
                >
                  <Col flex="120px">
                    <Form.Item shouldUpdate noStyle>
                      {() => {
                        const image = form.getFieldValue(['banners', row.name, 'image']) as
                          | string
                          | undefined;
                        return image ? (
                          <img
                            src={image}
                            alt=""
                            style={{ width: 112, height: 48, objectFit: 'cover', borderRadius: 4 }}
                          />
                        ) : (
                          <div style={{ width: 112, height: 48, background: '#f0f0f0', borderRadius: 4 }} />
                        );
                      }}
                    </Form.Item>
                  </Col>
                  <Col flex="auto">
                    <Form.Item
                      name={[row.name, 'image']}
                      style={{ marginBottom: 0 }}
                      rules={[{ required: true, message: 'An image address is required' }]}
                    >
                      <Input
                        placeholder="/media/uploads/… or https://…"
                        aria-label={`Banner ${index + 1} image`}
                      />
                    </Form.Item>
                  </Col>
                  <Col>
                    <Space>
                      <BannerUploadButton
                        onUploaded={(url) => form.setFieldValue(['banners', row.name, 'image'], url)}
                      />
                      <Button
                        size="small"
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                        aria-label="Move up"
                      >
                        ↑
                      </Button>
                      <Button
                        size="small"
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, index + 1)}
                        aria-label="Move down"
                      >
                        ↓
                      </Button>
                      <Button size="small" danger onClick={() => remove(row.name)}>
                        Remove
                      </Button>
                    </Space>
                  </Col>
                </Row>
              ))}
              <Space>
                <Button onClick={() => add({ image: '' })} disabled={rows.length >= MAX_HOME_BANNERS}>
                  Add banner
                </Button>
                <Button type="primary" htmlType="submit">
                  Save banners
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

/** The home notice (shown once a day) and the colour game's notice banner. */
function NoticesForm({
  content,
  onSaved,
}: {
  content: AdminContentResponse;
  onSaved: (c: AdminContentResponse) => void;
}) {
  return (
    <Card title="Notices">
      <Form
        layout="vertical"
        initialValues={{ home_notice: content.home_notice, colour_notice: content.colour_notice }}
        onFinish={(values) =>
          saveWith(adminNoticesBody, '/admin/api/content/notices', values, 'Notices', onSaved)
        }
      >
        <Form.Item label="Home notice (pops up once a day; empty shows none)" name="home_notice">
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={NOTICE_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item label="Colour game notice (the banner above the game)" name="colour_notice">
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={NOTICE_MAX_LENGTH} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Save notices
        </Button>
      </Form>
    </Card>
  );
}

/** The support group of the player's Mine screen: each contact's value is checked for its type. */
function ContactsForm({
  content,
  onSaved,
}: {
  content: AdminContentResponse;
  onSaved: (c: AdminContentResponse) => void;
}) {
  const [form] = Form.useForm<{ contacts: Array<{ type: SupportType; value: string }> }>();
  return (
    <Card title="Support contacts">
      <Form
        form={form}
        initialValues={{ contacts: content.contacts }}
        onFinish={(values) =>
          saveWith(
            adminSupportContactsBody,
            '/admin/api/content/support-contacts',
            { contacts: values.contacts ?? [] },
            'Support contacts',
            onSaved,
          )
        }
      >
        <Form.List name="contacts">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row) => (
                <Space key={row.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={[row.name, 'type']} rules={[{ required: true }]}>
                    <Select
                      style={{ width: 130 }}
                      options={SUPPORT_TYPES.map((type) => ({ value: type, label: CONTACT_LABELS[type] }))}
                    />
                  </Form.Item>
                  <Form.Item shouldUpdate noStyle>
                    {() => {
                      const type = form.getFieldValue(['contacts', row.name, 'type']) as SupportType;
                      return (
                        <Form.Item
                          name={[row.name, 'value']}
                          dependencies={[['contacts', row.name, 'type']]}
                          rules={[
                            {
                              validator: async (_, value: string | undefined) => {
                                const text = (value ?? '').trim();
                                if (!text) throw new Error('A value is required');
                                const problem = supportContactProblem(type, text);
                                if (problem) throw new Error(`${CONTACT_LABELS[type] ?? 'Value'} ${problem}`);
                              },
                            },
                          ]}
                        >
                          <Input style={{ width: 340 }} placeholder={CONTACT_PLACEHOLDERS[type]} />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                  <Button danger onClick={() => remove(row.name)}>
                    Remove
                  </Button>
                </Space>
              ))}
              <Space>
                <Button
                  onClick={() => add({ type: 'email', value: '' })}
                  disabled={rows.length >= MAX_SUPPORT_CONTACTS}
                >
                  Add contact
                </Button>
                <Button type="primary" htmlType="submit">
                  Save contacts
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}

/**
 * The content the player app shows (role content): home banners, the notices and the support contacts, each
 * a form checked with the same shared schema the server parses. Saving shows on the player app at once.
 */
export function ContentPage() {
  const [content, setContent] = useState<AdminContentResponse>();
  const [version, setVersion] = useState(0);
  const load = useCallback(() => {
    apiCall<AdminContentResponse>('GET', '/admin/api/content')
      .then(setContent)
      .catch((error: Error) => message.error(error.message));
  }, []);
  useEffect(load, [load]);
  if (!content) return <Card loading />;
  const saved = (next: AdminContentResponse) => {
    setContent(next);
    setVersion((value) => value + 1);
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} key={version}>
      <BannersForm content={content} onSaved={saved} />
      <NoticesForm content={content} onSaved={saved} />
      <ContactsForm content={content} onSaved={saved} />
    </Space>
  );
}
