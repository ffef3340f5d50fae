import { useId } from 'react';
import type { PublicCollegeConfig } from '../college/schema';
import { connectConsoleSession } from '../../machines/consoleSessionView';
import { useViewValue } from '../app/viewApi';
import { longDay } from '../catalogue/staffWords';
import { Spinner } from '../ui/Spinner';
import { AdminsOnly } from './AdminsOnly';
import { useConsoleCollege, useConsoleSession } from './consoleActors';

/**
 * The college's settings as applicants' pages use them, for admins: one file sets them (the
 * server's COLLEGE_CONFIG), checked when the server starts, so the page says where to change them
 * rather than offering a form whose changes a restart would undo.
 */
export function SettingsPage() {
  const isAdmin = useViewValue(useConsoleSession(), connectConsoleSession, (view) => view.isAdmin);
  const college = useConsoleCollege();
  const titleId = useId();
  if (!isAdmin) return <AdminsOnly title="College settings" message="Only admins can see the college settings." />;
  if (!college) return <Spinner label="Loading the college settings…" />;
  return (
    <section className="console-settings" aria-labelledby={titleId}>
      <h1 id={titleId}>College settings</h1>
      <p>
        These are the settings applicants&apos; pages use. They come from the college configuration file (<code>COLLEGE_CONFIG</code> on the
        server): to change one, edit that file and restart the server, which checks every field before it starts.
      </p>
      <Settings college={college} />
    </section>
  );
}

function Settings({ college }: { college: PublicCollegeConfig }) {
  return (
    <>
      <SettingsGroup
        title="The college"
        rows={[
          ['Name', college.name],
          ['Application title', college.applicationTitle],
          ['Phone', college.phone],
          ['Help e-mail', college.helpEmail],
          ['Admissions e-mail', college.admissionsEmail],
          [
            'Technical support',
            [college.techSupport.name, college.techSupport.email, college.techSupport.phone, college.techSupport.hours]
              .filter(Boolean)
              .join(' · '),
          ],
        ]}
      />
      <SettingsGroup
        title="The application"
        rows={[
          ['Welcome banner shown', `${longDay(college.banner.startDate)} to ${longDay(college.banner.endDate)}`],
          ['Essay limit', `${college.essayLimit.toLocaleString('en-US')} characters`],
          ['SAT code', college.satCode],
          ['ACT code', college.actCode],
          ['School code', college.schoolCode],
          ['Financial aid page', college.financialAidUrl],
        ]}
      />
      <SettingsGroup
        title="Choices offered to applicants"
        rows={[
          ['Entry terms', labels(college.entryTerms)],
          ['Majors', labels(college.majors)],
          ['Decision types', labels(college.decisionTypes)],
          ['Housing', labels(college.housingOptions)],
        ]}
      />
    </>
  );
}

const labels = (options: readonly { value: string; label: string }[]) => options.map((option) => option.label).join(', ');

function SettingsGroup({ title, rows }: { title: string; rows: readonly (readonly [string, string])[] }) {
  const titleId = useId();
  return (
    <section className="console-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <dl className="console-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
