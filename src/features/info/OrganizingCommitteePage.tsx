/**
 * The Conference Organizing Committee page at /about/organizing-committee (docs/rules.md#the-information-pages):
 * the members by role, in the order of docs/rules.md#the-information-pages, from src/content/committee.ts.
 */
import { committee } from '../../content/committee';
import { InfoPage, PeopleList } from './parts';

/** Turns a role title into an element id ('General Co-Chairs' -> 'role-general-co-chairs'). */
function roleId(role: string): string {
  return `role-${role.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

/** One section per committee role, each listing its members with their affiliations. */
export default function OrganizingCommitteePage() {
  return (
    <InfoPage title="Conference Organizing Committee">
      <div className="ip-committee">
        {committee.map(({ role, members }) => (
          <section key={role} className="card ip-section ip-committee__role" aria-labelledby={roleId(role)}>
            <h2 id={roleId(role)}>{role}</h2>
            <PeopleList people={members} />
          </section>
        ))}
      </div>
    </InfoPage>
  );
}
