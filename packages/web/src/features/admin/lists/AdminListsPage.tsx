import { useId, useState, type ReactNode } from 'react';
import type { AdminCategoryRow, AdminListRow, AdminTagRow } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import { AdminLayout } from '../AdminLayout.js';
import { DoneNote, ErrorNote } from '../../../shared/DoneNote.js';
import { FormDialog } from '../back-office/FormDialog.js';
import '../back-office/back-office.css';
import { Reorderable } from './Reorderable.js';
import './lists.css';

const PATH = '/admin/lists';
type Kind = 'categories' | 'lists' | 'tags';
const NOUN: Record<Kind, string> = { categories: 'category', lists: 'list', tags: 'tag' };

/**
 * Lists, categories and tags: add, rename, put in order (drag, or the Move buttons from the
 * keyboard) and delete, choosing in the confirmation what happens to what the row holds.
 */
export function AdminListsPage() {
  const data = usePageData('admin-lists');
  const { formNonce } = usePageContext();
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const id = useId();
  if (!data) return null;
  const { categories, tags, errors } = data;
  const allLists = categories.flatMap((category) => category.lists.map((list) => ({ ...list, category })));
  const rowErrors = Object.entries(errors)
    .filter(([key]) => !key.startsWith('new-'))
    .map(([, message]) => message);

  return (
    <AdminLayout current="lists">
      <section className="panel bo-page bo-lists" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Lists, categories and tags</h1>
        <DoneNote message={announcement ?? data.done} />
        <ErrorNote errors={rowErrors} />

        <section aria-labelledby={`${id}-categories`}>
          <h2 id={`${id}-categories`}>Categories</h2>
          <Reorderable
            rows={categories}
            label="Categories, in order"
            action={`${PATH}/categories/order`}
            nonce={formNonce}
            announce={setAnnouncement}
            renderRow={(category: AdminCategoryRow) => (
              <RowBody
                kind="categories"
                row={{ id: category.id, name: category.name }}
                count={`${category.lists.length} ${category.lists.length === 1 ? 'list' : 'lists'}`}
                nonce={formNonce}
                deleteChoices={
                  <MoveOrDelete
                    what={`its ${category.lists.length === 1 ? 'list' : `${category.lists.length} lists`}`}
                    moveLabel="Move its lists to the category"
                    deleteLabel="Delete its lists and all their items"
                    targets={categories.filter((c) => c.id !== category.id).map((c) => ({ id: c.id, label: c.name }))}
                    empty={category.lists.length === 0}
                  />
                }
              />
            )}
          />
          <AddForm kind="categories" label="New category" nonce={formNonce} error={errors['new-categories']} />
        </section>

        <section aria-labelledby={`${id}-lists`}>
          <h2 id={`${id}-lists`}>Lists</h2>
          {categories.length === 0 && <p>Add a category first: every list belongs to one.</p>}
          {categories.map((category) => (
            <section key={category.id} aria-labelledby={`${id}-c${category.id}`} className="bo-lists__category">
              <h3 id={`${id}-c${category.id}`}>{category.name}</h3>
              {category.lists.length === 0 ? (
                <p className="bo-lists__empty">No lists yet.</p>
              ) : (
                <Reorderable
                  rows={category.lists.map((list) => ({ ...list, name: list.title }))}
                  label={`Lists of ${category.name}, in order`}
                  action={`${PATH}/lists/order`}
                  nonce={formNonce}
                  announce={setAnnouncement}
                  renderRow={(list: AdminListRow & { name: string }) => (
                    <RowBody
                      kind="lists"
                      row={list}
                      count={`${list.items} ${list.items === 1 ? 'item' : 'items'}`}
                      nonce={formNonce}
                      deleteChoices={
                        <MoveOrDelete
                          what={`its ${list.items === 1 ? 'item' : `${list.items} items`}`}
                          moveLabel="Move its items to the list"
                          deleteLabel="Delete its items"
                          targets={allLists
                            .filter((other) => other.id !== list.id)
                            .map((other) => ({ id: other.id, label: `${other.title} (${other.category.name})` }))}
                          empty={list.items === 0}
                        />
                      }
                    />
                  )}
                />
              )}
            </section>
          ))}
          {categories.length > 0 && (
            <AddForm
              kind="lists"
              label="New list"
              nonce={formNonce}
              error={errors['new-lists']}
              categories={categories}
            />
          )}
        </section>

        <section aria-labelledby={`${id}-tags`}>
          <h2 id={`${id}-tags`}>Tags</h2>
          {tags.length === 0 ? (
            <p>No tags yet.</p>
          ) : (
            <ul className="bo-order bo-lists__tags" aria-label="Tags">
              {tags.map((tag: AdminTagRow) => (
                <li key={tag.id} className="bo-order__row">
                  <div className="bo-order__body">
                    <RowBody
                      kind="tags"
                      row={tag}
                      count={`${tag.items} ${tag.items === 1 ? 'item' : 'items'}`}
                      nonce={formNonce}
                      deleteChoices={
                        <MoveOrDelete
                          what={`its ${tag.items === 1 ? 'item' : `${tag.items} items`}`}
                          moveLabel="Give its items the tag"
                          deleteLabel="Only remove the tag from its items"
                          targets={tags.filter((t) => t.id !== tag.id).map((t) => ({ id: t.id, label: t.name }))}
                          empty={tag.items === 0}
                        />
                      }
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <AddForm kind="tags" label="New tag" nonce={formNonce} error={errors['new-tags']} />
        </section>
      </section>
    </AdminLayout>
  );
}

/** A row's name and size, with its Rename and Delete dialogs. */
function RowBody({
  kind,
  row,
  count,
  nonce,
  deleteChoices,
}: {
  kind: Kind;
  row: { id: number; name: string };
  count: string;
  nonce: string;
  deleteChoices: ReactNode;
}) {
  const id = useId();
  const noun = NOUN[kind];
  return (
    <div className="bo-lists__row">
      <span className="bo-lists__name">{row.name}</span>
      <span className="bo-lists__count">{count}</span>
      <div className="bo-actions">
        <FormDialog
          opener="Rename"
          openerLabel={`Rename ${row.name}`}
          openerClassName="bo-small"
          title={`Rename the ${noun} “${row.name}”`}
          action={`${PATH}/${kind}/${row.id}/rename`}
          nonce={nonce}
          submitLabel="Rename"
        >
          <div className="form-field">
            <label htmlFor={`${id}-name`}>New name</label>
            <input id={`${id}-name`} name="name" defaultValue={row.name} required maxLength={200} />
          </div>
        </FormDialog>
        <FormDialog
          opener="Delete"
          openerLabel={`Delete ${row.name}`}
          openerClassName="bo-small bo-danger"
          title={`Delete the ${noun} “${row.name}”?`}
          description={<p>This cannot be undone. Choose what happens to what it holds.</p>}
          action={`${PATH}/${kind}/${row.id}/delete`}
          nonce={nonce}
          submitLabel={`Delete the ${noun}`}
          danger
        >
          {deleteChoices}
        </FormDialog>
      </div>
    </div>
  );
}

/** The choice a delete asks for: move what the row holds to another row, or delete it too. */
function MoveOrDelete({
  what,
  moveLabel,
  deleteLabel,
  targets,
  empty,
}: {
  what: string;
  moveLabel: string;
  deleteLabel: string;
  targets: { id: number; label: string }[];
  empty: boolean;
}) {
  const id = useId();
  const canMove = targets.length > 0;
  if (empty) {
    return (
      <>
        <p>It holds nothing.</p>
        <input type="hidden" name="contents" value="delete" />
      </>
    );
  }
  return (
    <fieldset>
      <legend>What happens to {what}?</legend>
      <div className="bo-choice">
        <input
          type="radio"
          id={`${id}-move`}
          name="contents"
          value="move"
          defaultChecked={canMove}
          disabled={!canMove}
        />
        <label htmlFor={`${id}-move`}>{moveLabel}</label>
        {canMove && (
          <select name="moveTo" aria-label={moveLabel} defaultValue={targets[0]?.id}>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.label}
              </option>
            ))}
          </select>
        )}
      </div>
      <div className="bo-choice">
        <input type="radio" id={`${id}-delete`} name="contents" value="delete" defaultChecked={!canMove} />
        <label htmlFor={`${id}-delete`}>{deleteLabel}</label>
      </div>
    </fieldset>
  );
}

/** Adding a row at the end; a list also picks its category. */
function AddForm({
  kind,
  label,
  nonce,
  error,
  categories,
}: {
  kind: Kind;
  label: string;
  nonce: string;
  error?: string;
  categories?: AdminCategoryRow[];
}) {
  const id = useId();
  return (
    <form method="post" action={`${PATH}/${kind}`} className="bo-inline-form">
      <input type="hidden" name="_wpnonce" value={nonce} />
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{label}</label>
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <span className="form-error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
      {categories && (
        <div className="form-field">
          <label htmlFor={`${id}-category`}>In the category</label>
          <select id={`${id}-category`} name="category">
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit">Add the {NOUN[kind]}</button>
    </form>
  );
}
