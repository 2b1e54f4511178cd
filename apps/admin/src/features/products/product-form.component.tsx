import { type AdminProductDto, adminCreateProductBody, adminUpdateProductBody } from '@app/shared';
import { Button, Drawer, Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

type ProductFields = Omit<AdminProductDto, 'id' | 'create_time' | 'update_time'>;

const EMPTY: ProductFields = {
  name: '',
  price: '',
  main_image: '',
  image2: '',
  image3: '',
  spec: '',
  stock: 0,
  cancellable: true,
  active: true,
  sort_order: 0,
};

/**
 * Creates or edits a product: name, price, stock, spec (`k=v,k=v`), the three images and the flags. The form
 * is checked with the same zod schema the server parses, so it says what is wrong before sending.
 */
export function ProductFormButton({ product, onSaved }: { product?: AdminProductDto; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ProductFields>();
  const [busy, setBusy] = useState(false);
  const save = async (fields: ProductFields) => {
    const schema = product ? adminUpdateProductBody : adminCreateProductBody;
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? 'Invalid product');
      return;
    }
    setBusy(true);
    try {
      await apiCall(
        product ? 'PUT' : 'POST',
        `/admin/api/products${product ? `/${product.id}` : ''}`,
        fields,
      );
      message.success('Product saved');
      setOpen(false);
      onSaved();
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" type={product ? 'default' : 'primary'} onClick={() => setOpen(true)}>
        {product ? 'Edit' : 'New product'}
      </Button>
      <Drawer
        open={open}
        width={460}
        title={product ? `Edit ${product.name}` : 'New product'}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<ProductFields> form={form} layout="vertical" initialValues={product ?? EMPTY} onFinish={save}>
          <Form.Item label="Name" name="name" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item label="Price" name="price" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item label="Stock" name="stock">
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item label="Spec (k=v,k=v)" name="spec">
            <Input />
          </Form.Item>
          {(['main_image', 'image2', 'image3'] as const).map((field) => (
            <Form.Item
              key={field}
              label={field}
              name={field}
              extra="A path on this server (/media/…) or an https address"
            >
              <Input />
            </Form.Item>
          ))}
          <Form.Item shouldUpdate noStyle>
            {() => {
              const image = form.getFieldValue('main_image') as string | undefined;
              return image ? <img src={image} alt="" style={{ maxWidth: 120, marginBottom: 16 }} /> : null;
            }}
          </Form.Item>
          <Form.Item label="Sort order" name="sort_order">
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item label="Active" name="active" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Cancellable" name="cancellable" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            Save
          </Button>
        </Form>
      </Drawer>
    </>
  );
}
