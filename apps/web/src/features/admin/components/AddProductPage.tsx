import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PRODUCT_ADDED, type NewProductPrize } from '@kujiya/shared';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useAddProduct } from '../api/addProduct';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const REDIRECT_MS = 1000;

type PrizeDraft = NewProductPrize & { image: File | null };
const newPrize = (index: number): PrizeDraft => ({ name: `Prize ${String.fromCharCode(65 + index)}`, description: '', quantity: 1, type: 'Small', image: null });

/** Type and size checked before upload; the server checks again. */
function imageProblem(file: File | null): string | null {
  if (!file) return null;
  if (!IMAGE_TYPES.includes(file.type)) return 'Images must be PNG, JPEG, WebP or SVG';
  if (file.size > MAX_IMAGE_BYTES) return 'Each image must be at most 5 MB.';
  return null;
}

/** /admin/add-product: the new-product form; on success a notice, then the products list after 1 s. */
export function AddProductPage() {
  const navigate = useNavigate();
  const add = useAddProduct();
  const [fields, setFields] = useState({ name: '', quantity: '', sku: '', tags: '', price: '', token: '', arrival: '' });
  const [flags, setFlags] = useState({ active: true, doubleChance: false, preorder: false });
  const [productImage, setProductImage] = useState<File | null>(null);
  const [prizes, setPrizes] = useState<PrizeDraft[]>([newPrize(0)]);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (notice !== PRODUCT_ADDED) return;
    const timer = setTimeout(() => navigate('/admin/products'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [notice, navigate]);

  const setField = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value }));
  const setPrize = (index: number, patch: Partial<PrizeDraft>) => setPrizes((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const badImage = [productImage, ...prizes.map((p) => p.image)].map(imageProblem).find(Boolean);
    if (badImage) return setProblem(badImage);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (name !== 'arrival' || flags.preorder) form.append(name, value);
    for (const [name, value] of Object.entries(flags)) form.append(name, String(value));
    form.append('prizes', JSON.stringify(prizes.map(({ name, description, quantity, type }) => ({ name, description, quantity, type }))));
    if (productImage) form.append('productImage', productImage);
    prizes.forEach((prize, index) => prize.image && form.append(`prizeImage${index}`, prize.image));
    add.mutate(form, {
      onSuccess: () => setNotice(PRODUCT_ADDED),
      onError: (error) => setProblem(error instanceof ApiError ? (serverMessageOf(error) ?? 'Failed to add product and prizes') : 'Error adding product and prizes'),
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
        <label>
          Name
          <input required value={fields.name} onChange={setField('name')} />
        </label>
        <div className="admin-form__row">
          <label>
            Quantity
            <input required type="number" min={1} value={fields.quantity} onChange={setField('quantity')} />
          </label>
          <label>
            SKU
            <input required value={fields.sku} onChange={setField('sku')} />
          </label>
        </div>
        <label>
          Tags (comma separated)
          <input required value={fields.tags} onChange={setField('tags')} placeholder="Anime, Figures" />
        </label>
        <div className="admin-form__row">
          <label>
            Price (SGD)
            <input required type="number" min={0.01} step={0.01} value={fields.price} onChange={setField('price')} />
          </label>
          <label>
            Token value
            <input required type="number" min={1} value={fields.token} onChange={setField('token')} />
          </label>
        </div>
        <label>
          Product image
          <input required type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => setProductImage(e.target.files?.[0] ?? null)} />
        </label>
        <div className="admin-form__checks">
          {(['active', 'doubleChance', 'preorder'] as const).map((flag) => (
            <label key={flag}>
              <input type="checkbox" checked={flags[flag]} onChange={(e) => setFlags((f) => ({ ...f, [flag]: e.target.checked }))} />{' '}
              {flag === 'active' ? 'Active' : flag === 'doubleChance' ? 'Double chance' : 'Pre-order'}
            </label>
          ))}
        </div>
        {flags.preorder && (
          <label>
            Arrival
            <input required value={fields.arrival} onChange={setField('arrival')} placeholder="Late March 2027" />
          </label>
        )}
        <h2 className="admin-subtitle">Prizes</h2>
        {prizes.map((prize, index) => (
          <fieldset key={index} className="admin-card admin-prize">
            <legend>Prize {index + 1}</legend>
            <div className="admin-form__row">
              <label>
                Name
                <input value={prize.name} onChange={(e) => setPrize(index, { name: e.target.value })} />
              </label>
              <label>
                Quantity
                <input type="number" min={1} value={prize.quantity} onChange={(e) => setPrize(index, { quantity: Number(e.target.value) })} />
              </label>
              <label>
                Type
                <select value={prize.type} onChange={(e) => setPrize(index, { type: e.target.value as 'Small' | 'Big' })}>
                  <option value="Small">Small</option>
                  <option value="Big">Big</option>
                </select>
              </label>
            </div>
            <label>
              Description
              <input value={prize.description} onChange={(e) => setPrize(index, { description: e.target.value })} />
            </label>
            <label>
              Image
              <input type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => setPrize(index, { image: e.target.files?.[0] ?? null })} />
            </label>
            {prizes.length > 1 && (
              <button type="button" className="btn btn--ghost" onClick={() => setPrizes((list) => list.filter((_, i) => i !== index))}>
                Remove prize
              </button>
            )}
          </fieldset>
        ))}
        <button type="button" className="btn btn--ghost" onClick={() => setPrizes((list) => [...list, newPrize(list.length)])}>
          Add prize
        </button>
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
