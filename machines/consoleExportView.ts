import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { zipDownloadUrl, type FileExportRequest } from './api/consoleEndpoints';
import type { consoleExportMachine } from './consoleExportMachine';

type ExportSnapshot = SnapshotFrom<typeof consoleExportMachine>;
type ExportSend = ActorRefFrom<typeof consoleExportMachine>['send'];

/** Where an export stands, as the dialog shows it. */
export type ConsoleExportPhase =
  'closed' | 'choosing' | 'exporting' | 'askingCode' | 'confirmingCode' | 'zipping' | 'zipReady' | 'zipFailed';

function phaseOf(snapshot: ExportSnapshot): ConsoleExportPhase {
  if (snapshot.matches('closed')) return 'closed';
  for (const phase of ['exporting', 'askingCode', 'confirmingCode', 'zipReady', 'zipFailed'] as const) {
    if (snapshot.matches({ open: phase })) return phase;
  }
  if (snapshot.matches({ open: 'startingZip' }) || snapshot.matches({ open: 'waitingZip' }) || snapshot.matches({ open: 'checkingZip' }))
    return 'zipping';
  return 'choosing';
}

/** What the export dialog needs from its actor. */
export function connectConsoleExport(snapshot: ExportSnapshot, send: ExportSend) {
  const { context } = snapshot;
  const phase = phaseOf(snapshot);
  return {
    phase,
    open: phase !== 'closed',
    /** A file or a ZIP is being made: the buttons say so and are not pressed twice. */
    busy: phase === 'exporting' || phase === 'confirmingCode' || phase === 'zipping',
    /** The ZIP's progress: how many applications are in it of how many. */
    progress: context.progress ? { done: context.progress.done, total: context.progress.total } : null,
    zipUrl: phase === 'zipReady' && context.job !== null ? zipDownloadUrl(context.job) : null,
    /** What the server said of the made ZIP (some files could not be included), once made. */
    zipNote: phase === 'zipReady' ? (context.progress?.message ?? null) : null,
    message: context.message,
    /** The name of the file saved last. */
    saved: context.saved,
    openOn: (filters: Record<string, string>) => send({ type: 'export.open', filters }),
    close: () => send({ type: 'export.close' }),
    exportFile: (format: FileExportRequest['format'], columns: readonly string[], includeSensitive: boolean) =>
      send({ type: 'export.file', format, columns, includeSensitive }),
    exportZip: (includeDocuments: boolean) => send({ type: 'export.zip', includeDocuments }),
    enterCode: (code: string) => send({ type: 'export.code', code }),
    retry: () => send({ type: 'export.retry' }),
  };
}

export type ConsoleExportView = ReturnType<typeof connectConsoleExport>;
