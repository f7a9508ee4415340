import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_ADDED } from '@kujiya/shared';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useAddProduct } from '../api/addProduct';
import { addProductErrors, ticketsOf, type AddProductInput } from '../add-product-errors';
import { dropSettingsEdits, emptyDropSettings, type DropSettingsDraft } from '../product-draft';
import { DropSettingsFields } from './product/DropSettingsFields';
import './product/product-editor.css';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';
const REDIRECT_MS = 1000;

type PrizeDraft = AddProductInput['prizes'][number];
const newPrize = (index: number): PrizeDraft => ({
  name: `Prize ${String.fromCharCode(65 + index)}`,
  description: '',
  quantity: 1,
  type: 'Small',
  image: null,
});

/** A labelled field with its error beside it (aria-invalid, described by the message). */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  // The message sits beside the field, outside its label (the label names the field alone).
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <span id={errorId} className="admin-field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * /admin/add-product: the new-product form. Every field's problem shows at once beside it; Quantity
 * is the prizes' total. On success a notice, then the products list after 1 s.
 */
export function AddProductPage() {
  const navigate = useNavigate();
  const add = useAddProduct();
  const [fields, setFields] = useState({ name: '', sku: '', tags: '', price: '', token: '', arrival: '' });
  const [flags, setFlags] = useState({ active: true, doubleChance: false, preorder: false });
  const [productImage, setProductImage] = useState<File | null>(null);
  const [prizes, setPrizes] = useState<PrizeDraft[]>([newPrize(0)]);
  const [drop, setDrop] = useState<DropSettingsDraft>(emptyDropSettings);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const quantity = ticketsOf(prizes);
  const input: AddProductInput = { fields: { ...fields, quantity: String(quantity) }, flags, prizes, productImage };
  // Shown once the admin tried to submit, then kept up to date as fields change.
  const errors = submitted ? addProductErrors(input) : {};

  useEffect(() => {
    if (notice !== PRODUCT_ADDED) return;
    const timer = setTimeout(() => navigate('/admin/products'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [notice, navigate]);

  const setField = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: event.target.value }));
  const setPrize = (index: number, patch: Partial<PrizeDraft>) =>
    setPrizes((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSubmitted(true);
    if (Object.keys(addProductErrors(input)).length > 0) return;
    const form = new FormData();
    for (const [name, value] of Object.entries(input.fields))
      if (name !== 'arrival' || flags.preorder) form.append(name, value);
    for (const [name, value] of Object.entries(flags)) form.append(name, String(value));
    // The opening and limits that were filled in (docs/rules/drops.md); the server checks them.
    for (const [name, value] of Object.entries(dropSettingsEdits(emptyDropSettings, drop)))
      if (value !== null) form.append(name, String(value));
    form.append(
      'prizes',
      JSON.stringify(
        prizes.map(({ name, description, quantity: count, type }) => ({ name, description, quantity: count, type })),
      ),
    );
    if (productImage) form.append('productImage', productImage);
    prizes.forEach((prize, index) => prize.image && form.append(`prizeImage${index}`, prize.image));
    add.mutate(form, {
      onSuccess: () => setNotice(PRODUCT_ADDED),
      onError: (error) =>
        setProblem(
          error instanceof ApiError
            ? (serverMessageOf(error) ?? 'Failed to add product and prizes')
            : 'Error adding product and prizes',
        ),
    });
  };

  return (
    <main className="admin-page">
      <h1 className="admin-title">Add product</h1>
      {notice && (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      )}
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <Field id="product-name" label="Name" error={errors.name}>
          {(props) => <input {...props} value={fields.name} onChange={setField('name')} />}
        </Field>
        <div className="admin-form__row">
          <Field
            id="product-quantity"
            label={
              <span>
                Quantity <span className="admin-form__hint">(the prizes' total)</span>
              </span>
            }
            error={errors.quantity}
          >
            {(props) => <input {...props} type="number" value={quantity} readOnly />}
          </Field>
          <Field id="product-sku" label="SKU" error={errors.sku}>
            {(props) => <input {...props} value={fields.sku} onChange={setField('sku')} />}
          </Field>
        </div>
        <Field id="product-tags" label="Tags (comma separated)" error={errors.tags}>
          {(props) => <input {...props} value={fields.tags} onChange={setField('tags')} placeholder="Anime, Figures" />}
        </Field>
        <div className="admin-form__row">
          <Field id="product-price" label="Price (SGD)" error={errors.price}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={0.01}
                step={0.01}
                value={fields.price}
                onChange={setField('price')}
              />
            )}
          </Field>
          <Field id="product-token" label="Token value" error={errors.token}>
            {(props) => <input {...props} type="number" min={1} value={fields.token} onChange={setField('token')} />}
          </Field>
        </div>
        <Field id="product-image" label="Product image" error={errors.productImage}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={(e) => setProductImage(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <div className="admin-form__checks">
          {(['active', 'doubleChance', 'preorder'] as const).map((flag) => (
            <label key={flag}>
              <input
                type="checkbox"
                checked={flags[flag]}
                onChange={(e) => setFlags((f) => ({ ...f, [flag]: e.target.checked }))}
              />{' '}
              {flag === 'active' ? 'Active' : flag === 'doubleChance' ? 'Double chance' : 'Pre-order'}
            </label>
          ))}
        </div>
        {flags.preorder && (
          <Field id="product-arrival" label="Arrival" error={errors.arrival}>
            {(props) => (
              <input {...props} value={fields.arrival} onChange={setField('arrival')} placeholder="Late March 2027" />
            )}
          </Field>
        )}
        <DropSettingsFields idPrefix="add" value={drop} onChange={setDrop} />
        <h2 className="admin-subtitle">Prizes</h2>
        {errors.prizes && <p className="admin-field-error">{errors.prizes}</p>}
        {prizes.map((prize, index) => (
          <fieldset key={index} className="admin-card admin-prize">
            <legend>Prize {index + 1}</legend>
            <div className="admin-form__row">
              <Field id={`prize-${index}-name`} label="Name" error={errors[`prizes.${index}.name`]}>
                {(props) => (
                  <input {...props} value={prize.name} onChange={(e) => setPrize(index, { name: e.target.value })} />
                )}
              </Field>
              <Field id={`prize-${index}-quantity`} label="Quantity" error={errors[`prizes.${index}.quantity`]}>
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    min={1}
                    value={prize.quantity}
                    onChange={(e) => setPrize(index, { quantity: Number(e.target.value) })}
                  />
                )}
              </Field>
              <label>
                Type
                <select
                  value={prize.type}
                  onChange={(e) => setPrize(index, { type: e.target.value as 'Small' | 'Big' })}
                >
                  <option value="Small">Small</option>
                  <option value="Big">Big</option>
                </select>
              </label>
            </div>
            <Field id={`prize-${index}-description`} label="Description" error={errors[`prizes.${index}.description`]}>
              {(props) => (
                <input
                  {...props}
                  value={prize.description}
                  onChange={(e) => setPrize(index, { description: e.target.value })}
                />
              )}
            </Field>
            <Field id={`prize-${index}-image`} label="Image" error={errors[`prizes.${index}.image`]}>
              {(props) => (
                <input
                  {...props}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  onChange={(e) => setPrize(index, { image: e.target.files?.[0] ?? null })}
                />
              )}
            </Field>
            {prizes.length > 1 && (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setPrizes((list) => list.filter((_, i) => i !== index))}
              >
                Remove prize
              </button>
            )}
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => setPrizes((list) => [...list, newPrize(list.length)])}
        >
          Add prize
        </button>
        {Object.keys(errors).length > 0 && (
          <p className="admin-error" role="alert">
            Please fix the fields marked above.
          </p>
        )}
        {problem && (
          <p className="admin-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={add.isPending || notice !== null}>
          Add product
        </button>
      </form>
    </main>
  );
}
