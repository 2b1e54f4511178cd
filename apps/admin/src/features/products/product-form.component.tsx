import { type AdminProductDto, adminCreateProductBody, adminUpdateProductBody } from '@app/shared';
import { Form, Input, InputNumber, Switch } from 'antd';
import { FormDrawerButton } from '../../shared/form-drawer-button.component.tsx';

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
  return (
    <FormDrawerButton<ProductFields>
      label={product ? 'Edit' : 'New product'}
      buttonType={product ? 'default' : 'primary'}
      title={product ? `Edit ${product.name}` : 'New product'}
      width={460}
      initialValues={product ?? EMPTY}
      schema={product ? adminUpdateProductBody : adminCreateProductBody}
      invalidMessage="Invalid product"
      method={product ? 'PUT' : 'POST'}
      path={`/admin/api/products${product ? `/${product.id}` : ''}`}
      savedMessage="Product saved"
      onSaved={onSaved}
    >
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
        {(form) => {
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
    </FormDrawerButton>
  );
}
