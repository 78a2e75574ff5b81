import { useId } from 'react';
import type { PersonRow } from '@waymark/protocol';
import { usePageContext, usePageData } from '../../../shared/page-context.js';
import { AdminLayout } from '../AdminLayout.js';
import { DoneNote } from '../../../shared/DoneNote.js';
import { FormDialog } from '../back-office/FormDialog.js';
import '../back-office/back-office.css';

/**
 * Every account with its role: change a role, disable or enable an account, send a reset link. Each change is a
 * small classic form; disabling asks first, since it signs the person out everywhere.
 */
export function AdminPeoplePage() {
  const data = usePageData('admin-people');
  const { formNonce } = usePageContext();
  const id = useId();
  if (!data) return null;
  return (
    <AdminLayout current="people">
      <section className="panel bo-page bo-people" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>People</h1>
        <DoneNote message={data.done} />
        <div className="bo-scroll">
          <table className="bo-table bo-table--cards">
            <caption className="bo-people__caption">
              {data.people.length} {data.people.length === 1 ? 'account' : 'accounts'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.people.map((person) => (
                <PersonLine key={person.id} person={person} roles={data.roles} nonce={formNonce} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </AdminLayout>
  );
}

function PersonLine({
  person,
  roles,
  nonce,
}: {
  person: PersonRow;
  roles: { value: string; label: string }[];
  nonce: string;
}) {
  const id = useId();
  const who = person.name || person.email;
  const action = `/admin/people/${person.id}`;
  return (
    <tr>
      <th scope="row">
        {who}
        {person.self && <span className="bo-people__you"> (you)</span>}
      </th>
      <td className="bo-people__email">{person.email}</td>
      <td>
        <form method="post" action={action} className="bo-actions">
          <input type="hidden" name="_wpnonce" value={nonce} />
          <input type="hidden" name="do" value="role" />
          <select name="role" defaultValue={person.role} aria-label={`Role of ${who}`} id={`${id}-role`}>
            {roles.map((role) => (
              <option key={role.value} value={role.value}>
                {role.label}
              </option>
            ))}
          </select>
          <button type="submit" className="bo-small" aria-label={`Change the role of ${who}`}>
            Change
          </button>
        </form>
      </td>
      <td>
        {person.disabled ? 'Disabled' : 'Active'}
        {!person.verified && ', address not confirmed'}
      </td>
      <td>
        <div className="bo-actions">
          <form method="post" action={action}>
            <input type="hidden" name="_wpnonce" value={nonce} />
            <input type="hidden" name="do" value="reset" />
            <button type="submit" className="bo-small" aria-label={`Reset password of ${who}`}>
              Reset password
            </button>
          </form>
          {person.disabled ? (
            <form method="post" action={action}>
              <input type="hidden" name="_wpnonce" value={nonce} />
              <input type="hidden" name="do" value="enable" />
              <button type="submit" className="bo-small" aria-label={`Enable ${who}`}>
                Enable
              </button>
            </form>
          ) : (
            <FormDialog
              opener="Disable"
              openerLabel={`Disable ${who}`}
              openerClassName="bo-small bo-danger"
              title={`Disable ${who}?`}
              description={<p>They are signed out everywhere and cannot sign in until the account is enabled again.</p>}
              action={action}
              nonce={nonce}
              submitLabel="Disable the account"
              danger
            >
              <input type="hidden" name="do" value="disable" />
            </FormDialog>
          )}
        </div>
      </td>
    </tr>
  );
}
