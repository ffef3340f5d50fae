import { useEffect, useId, useState, type FormEvent } from 'react';
import { connectConsoleExport, type ConsoleExportView } from '../../machines/consoleExportView';
import { ANSWER_COLUMNS } from '../catalogue/schema/staffExports';
import { APPLICATION_COLUMNS } from '../catalogue/schema/staffApplications';
import { useView } from '../app/viewApi';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { startDownload } from '../ui/startDownload';
import { useConsoleExport } from './consoleActors';

type Format = 'csv' | 'xlsx' | 'json' | 'zip';

const FORMATS: readonly { value: Format; label: string }[] = [
  { value: 'csv', label: 'CSV (spreadsheets, other systems)' },
  { value: 'xlsx', label: 'Excel (.xlsx)' },
  { value: 'json', label: 'JSON' },
  { value: 'zip', label: 'ZIP of the PDF copies' },
];

const COLUMN_LABELS: Record<(typeof APPLICATION_COLUMNS)[number], string> = {
  name: 'Name',
  email: 'E-mail',
  reference: 'Reference number',
  status: 'Status',
  step: 'Step reached',
  last_change: 'Last change',
  submitted_at: 'Submitted',
  reviews: 'Reviews',
  decision: 'Decision',
};

const EXPORT_DIALOG_MESSAGES = { noColumn: 'Choose at least one column.' } as const;

/** Saves a file the export answered with, as a download the browser keeps. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  startDownload(url, fileName);
  // The browser has taken the file; the address is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An admin's export of what the list shows: the button on the list, and its dialog. */
export function ExportButton({ filters }: { filters: () => Record<string, string> }) {
  const actor = useConsoleExport();
  if (!actor) return null;
  return <ExportControls actor={actor} filters={filters} />;
}

function ExportControls({
  actor,
  filters,
}: {
  actor: NonNullable<ReturnType<typeof useConsoleExport>>;
  filters: () => Record<string, string>;
}) {
  const view = useView(actor, connectConsoleExport);
  useEffect(() => {
    const subscription = actor.on('export.deliver', ({ blob, fileName }) => saveFile(blob, fileName));
    return () => subscription.unsubscribe();
  }, [actor]);
  return (
    <>
      <Button variant="secondary" onClick={() => view.openOn(filters())}>
        Export…
      </Button>
      <Dialog open={view.open} onOpenChange={(open) => !open && view.close()} title="Export the applications shown" size="s">
        {view.open ? <ExportForm view={view} /> : null}
      </Dialog>
    </>
  );
}

function ExportForm({ view }: { view: ConsoleExportView }) {
  const [format, setFormat] = useState<Format>('csv');
  const [columns, setColumns] = useState<readonly string[]>([...APPLICATION_COLUMNS]);
  const [answers, setAnswers] = useState(false);
  const [sensitive, setSensitive] = useState(false);
  const [documents, setDocuments] = useState(false);
  const [code, setCode] = useState('');
  const [columnError, setColumnError] = useState<string | null>(null);
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.phase === 'askingCode') return view.enterCode(code);
    if (format === 'zip') return view.exportZip(documents);
    const chosen = [...columns, ...(answers ? ANSWER_COLUMNS : [])];
    if (chosen.length === 0) return setColumnError(EXPORT_DIALOG_MESSAGES.noColumn);
    setColumnError(null);
    view.exportFile(format, chosen, answers && sensitive);
  };
  const toggle = (column: string, on: boolean) =>
    setColumns((current) => (on ? [...current, column] : current.filter((one) => one !== column)));
  return (
    <form id={formId} className="console-export" onSubmit={submit} noValidate>
      <p>Exactly the applications the list&apos;s filters find, every page of them, in the list&apos;s order.</p>
      <fieldset>
        <legend>Format</legend>
        {FORMATS.map((option) => (
          <label key={option.value} className="console-export__choice">
            <input
              type="radio"
              name="format"
              value={option.value}
              checked={format === option.value}
              onChange={() => setFormat(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {format === 'zip' ? (
        <label className="console-export__choice">
          <input type="checkbox" checked={documents} onChange={(event) => setDocuments(event.target.checked)} />
          Include the uploaded documents
        </label>
      ) : (
        <>
          <fieldset aria-describedby={columnError ? `${formId}-columns` : undefined}>
            <legend>Columns</legend>
            {APPLICATION_COLUMNS.map((column) => (
              <label key={column} className="console-export__choice">
                <input type="checkbox" checked={columns.includes(column)} onChange={(event) => toggle(column, event.target.checked)} />
                {COLUMN_LABELS[column]}
              </label>
            ))}
            <label className="console-export__choice">
              <input type="checkbox" checked={answers} onChange={(event) => setAnswers(event.target.checked)} />
              Every answer of the application (a column per question)
            </label>
            {columnError ? (
              <p id={`${formId}-columns`} role="alert" className="console-error">
                {columnError}
              </p>
            ) : null}
          </fieldset>
          {answers ? (
            <label className="console-export__choice">
              <input type="checkbox" checked={sensitive} onChange={(event) => setSensitive(event.target.checked)} />
              Include sensitive answers in full (social security and alien registration numbers); otherwise they are masked
            </label>
          ) : null}
        </>
      )}
      {view.phase === 'askingCode' || view.phase === 'confirmingCode' ? (
        <div className="console-field">
          <label htmlFor={`${formId}-code`}>Code from your authenticator app</label>
          <input
            id={`${formId}-code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
      ) : null}
      <div role="status" className="console-export__status">
        {view.phase === 'zipping' && view.progress ? (
          <>
            <progress value={view.progress.done} max={Math.max(1, view.progress.total)} aria-label="ZIP being made" />
            <span>
              {view.progress.done} of {view.progress.total} applications in the ZIP
            </span>
          </>
        ) : null}
        {view.phase === 'zipping' && !view.progress ? 'The ZIP is being prepared…' : null}
        {view.saved ? `Saved ${view.saved}.` : null}
        {view.zipUrl ? 'The ZIP is ready.' : null}
        {view.zipNote ? ` ${view.zipNote}` : null}
      </div>
      {view.message ? (
        <p role="alert" className="console-error">
          {view.message}
        </p>
      ) : null}
      <div className="console-actions">
        {view.zipUrl ? (
          <a className="ui-button ui-button--primary ui-button--default" href={view.zipUrl} download>
            Download the ZIP
          </a>
        ) : null}
        {view.phase === 'zipFailed' ? (
          <Button variant="secondary" onClick={view.retry}>
            Try again
          </Button>
        ) : null}
        <Button type="submit" busy={view.busy}>
          {view.phase === 'askingCode' || view.phase === 'confirmingCode'
            ? 'Confirm and export'
            : format === 'zip'
              ? 'Make the ZIP'
              : 'Export'}
        </Button>
        <Button variant="secondary" onClick={view.close}>
          Close
        </Button>
      </div>
    </form>
  );
}
