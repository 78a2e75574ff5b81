import { DIRECTORY_TEXTS } from '@waymark/protocol';
import { CALLS } from '@waymark/protocol/plain';
import { useShield } from '@waymark/shield/react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { AddressCombobox } from '../../../shared/AddressCombobox.js';
import { DoneNote } from '../../../shared/DoneNote.js';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import { DeleteItemDialog } from './DeleteItemDialog.js';
import { ItemLookups } from './ItemLookups.js';
import './admin-items.css';

const MAX_IMAGE_BYTES = 5 * 1_048_576;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

/**
 * The administrator's item form: every field of an item, the picture with a preview and a
 * remove control, the generate button that fills title and subtitle from the item's link, and,
 * for a saved item, moving it to another list and deleting it. A classic post (multipart, for
 * the picture), so the server checks everything and shows what it refused beside each field.
 */
export function AdminItemForm() {
  const data = usePageData('admin-item');
  const { formNonce } = usePageContext();
  const { request } = useShield();
  const id = useId();
  const [title, setTitle] = useState(data?.values.title ?? '');
  const [subtitle, setSubtitle] = useState(data?.values.subtitle ?? '');
  const [lat, setLat] = useState(data?.values.lat ?? '');
  const [lon, setLon] = useState(data?.values.lon ?? '');
  const [image, setImage] = useState(data?.values.image ?? '');
  const [preview, setPreview] = useState<string | null>(null);
  const [imageNote, setImageNote] = useState('');
  const [generating, setGenerating] = useState(false);
  const [generated, setGenerated] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const url = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  if (!data) return null;
  const { values, errors } = data;
  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="form-error">
        {errors[name]}
      </p>
    ) : null;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    // The server checks the bytes again; this only spares a useless upload.
    if (!IMAGE_TYPES.includes(chosen.type) || chosen.size > MAX_IMAGE_BYTES) {
      event.target.value = '';
      setImageNote('Choose a JPEG, PNG, WebP, GIF or AVIF picture of 5 MB at most.');
      return;
    }
    setImageNote(`${chosen.name} will be uploaded when you save.`);
    setPreview(URL.createObjectURL(chosen));
  };

  const remove = () => {
    if (file.current) file.current.value = '';
    setPreview(null);
    setImage('');
    setImageNote('The picture will be removed when you save.');
  };

  const generate = async () => {
    const link = url.current?.value.trim() ?? '';
    if (!link) {
      window.alert(DIRECTORY_TEXTS.emptyItemLink);
      return;
    }
    setGenerating(true);
    setGenerated('');
    try {
      const answer = (await request(CALLS.generateText, { url: link })) as { title?: unknown; description?: unknown };
      if (typeof answer.title === 'string') setTitle(answer.title);
      if (typeof answer.description === 'string') setSubtitle(answer.description);
      setGenerated('Title and subtitle are filled from the page.');
    } catch {
      setGenerated('The page could not be read. Check the link and try again.');
    } finally {
      setGenerating(false);
    }
  };

  const shown = preview ?? image;
  return (
    <section className="panel admin-item" aria-labelledby={`${id}-title`}>
      <p>
        <a href="/admin/items">Back to the items</a>
      </p>
      <h1 id={`${id}-title`}>{data.id === null ? 'New item' : `Edit “${values.title}”`}</h1>
      <DoneNote message={data.done} />
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      {Object.keys(errors).length > 0 && !errors.form && (
        <p className="form-error" role="alert">
          Please correct the fields marked below.
        </p>
      )}
      <form
        method="post"
        action={data.id === null ? '/admin/items/new' : `/admin/items/${data.id}`}
        encType="multipart/form-data"
        className="admin-item__form"
        aria-labelledby={`${id}-title`}
      >
        <input type="hidden" name="_wpnonce" value={formNonce} />
        <div className="form-field">
          <label htmlFor={`${id}-list`}>List</label>
          <select {...field('list')} name="list" required defaultValue={values.list}>
            {data.lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.title}
              </option>
            ))}
          </select>
          {error('list')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-url`}>Item link</label>
          <div className="admin-item__inline">
            <input
              {...field('url')}
              ref={url}
              name="url"
              inputMode="url"
              maxLength={2000}
              placeholder="https://"
              defaultValue={values.url}
            />
            <button type="button" onClick={() => void generate()} disabled={generating}>
              {generating ? 'Generating…' : 'Generate title and subtitle'}
            </button>
          </div>
          <p className="form-hint" role="status">
            {generated}
          </p>
          {error('url')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-title-input`}>Title</label>
          <input
            id={`${id}-title-input`}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${id}-title-error` : undefined}
            name="title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          {error('title')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-subtitle`}>Subtitle</label>
          <input
            {...field('subtitle')}
            name="subtitle"
            maxLength={500}
            value={subtitle}
            onChange={(event) => setSubtitle(event.target.value)}
          />
          {error('subtitle')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-address`}>Address</label>
          <AddressCombobox
            id={`${id}-address`}
            name="address"
            geocoder={data.geocoder}
            defaultValue={values.address}
            onChoose={(place) => {
              setLat(String(place.lat));
              setLon(String(place.lon));
            }}
            inputProps={{ maxLength: 500, 'aria-invalid': errors.address ? true : undefined }}
          />
          {error('address')}
        </div>
        <div className="admin-item__pair">
          <div className="form-field">
            <label htmlFor={`${id}-lat`}>Latitude</label>
            <input
              {...field('lat')}
              name="lat"
              inputMode="decimal"
              value={lat}
              onChange={(e) => setLat(e.target.value)}
            />
            {error('lat')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-lon`}>Longitude</label>
            <input
              {...field('lon')}
              name="lon"
              inputMode="decimal"
              value={lon}
              onChange={(e) => setLon(e.target.value)}
            />
            {error('lon')}
          </div>
        </div>
        <div className="admin-item__pair">
          <div className="form-field">
            <label htmlFor={`${id}-locality`}>Locality</label>
            <input {...field('locality')} name="locality" maxLength={200} defaultValue={values.locality} />
            {error('locality')}
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-phone`}>Phone</label>
            <input {...field('phone')} name="phone" type="tel" maxLength={60} defaultValue={values.phone} />
            {error('phone')}
          </div>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-hours`}>Business hours</label>
          <input {...field('hours')} name="hours" maxLength={200} defaultValue={values.hours} />
          {error('hours')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-tags`}>Tags (separate with commas)</label>
          <input {...field('tags')} name="tags" maxLength={2000} defaultValue={values.tags} />
          {error('tags')}
        </div>
        <div className="form-field">
          <label>
            <input type="checkbox" name="paid" value="1" defaultChecked={values.paid} /> Paid item
          </label>
        </div>
        <div className="form-field">
          <label>
            <input type="checkbox" name="featured" value="1" defaultChecked={values.featured} /> Featured item
          </label>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-marker`}>Custom marker (picture address)</label>
          <input {...field('marker')} name="marker" maxLength={2000} defaultValue={values.marker} />
          {error('marker')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-owner`}>Owner e-mail address</label>
          <input
            {...field('ownerEmail')}
            id={`${id}-owner`}
            name="ownerEmail"
            type="email"
            maxLength={320}
            defaultValue={values.ownerEmail}
          />
          {error('ownerEmail')}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-description`}>Long description</label>
          <p className="form-hint" id={`${id}-description-hint`}>
            HTML: paragraphs, lists, links, emphasis and pictures are kept; everything else is removed when you save.
          </p>
          <textarea
            {...field('description')}
            aria-describedby={`${id}-description-hint${errors.description ? ` ${id}-description-error` : ''}`}
            name="description"
            rows={8}
            defaultValue={values.description}
          />
          {error('description')}
        </div>
        <fieldset className="form-field">
          <legend>Picture</legend>
          <input type="hidden" name="image" value={image} />
          {!image && !preview && values.image && <input type="hidden" name="image_remove" value="1" />}
          {shown ? (
            <img className="admin-item__preview" src={shown} alt="Preview of the item's picture" />
          ) : (
            <p>No picture.</p>
          )}
          <label htmlFor={`${id}-file`}>Upload a picture (JPEG, PNG, WebP, GIF or AVIF, 5 MB at most)</label>
          <input
            {...field('image')}
            id={`${id}-file`}
            ref={file}
            type="file"
            name="image_file"
            accept={IMAGE_TYPES.join(',')}
            onChange={choose}
          />
          {shown && (
            <button type="button" onClick={remove}>
              Remove the picture
            </button>
          )}
          <p className="form-hint" role="status">
            {imageNote}
          </p>
          {error('image')}
          <label htmlFor={`${id}-alt`}>What the picture shows (for people who cannot see it)</label>
          <input
            {...field('imageAlt')}
            id={`${id}-alt`}
            name="imageAlt"
            maxLength={500}
            defaultValue={values.imageAlt}
          />
          {error('imageAlt')}
        </fieldset>
        <div>
          <button type="submit">{data.id === null ? 'Add the item' : 'Save the item'}</button>
        </div>
      </form>

      <div className="admin-item__side">
        {data.id !== null && (
          <form method="post" action={`/admin/items/${data.id}/move`} className="form-field">
            <input type="hidden" name="_wpnonce" value={formNonce} />
            <label htmlFor={`${id}-move`}>Move to another list</label>
            <div className="admin-item__inline">
              <select {...field('move')} name="list" defaultValue={values.list}>
                {data.lists.map((list) => (
                  <option key={list.id} value={list.id}>
                    {list.title}
                  </option>
                ))}
              </select>
              <button type="submit">Move</button>
            </div>
            {error('move')}
          </form>
        )}
        <ItemLookups categories={data.categories} lists={data.lists} />
        {data.id !== null && (
          <div>
            <DeleteItemDialog itemId={data.id} title={values.title} nonce={formNonce} />
          </div>
        )}
      </div>
    </section>
  );
}
