// Which tests answer for which machine files in the mutation testing
// (scripts/mutateMachines.ts). Every mutant of a machine definition is static (the configuration is
// built when the module loads), so Stryker reruns every selected test for each one: run with all
// the tests that import the root machine, a 300-line machine took 49 minutes; with its own tests,
// one. Each group's score is therefore a floor: a test of another group might kill more.
// test/tooling/mutationGroups.test.ts checks that every file Stryker mutates is in exactly one group.

export interface MutationGroup {
  /** The report's name, under reports/mutation/machines/. */
  name: string;
  files: readonly string[];
  tests: readonly string[];
}

const machineTests = (...names: string[]) => names.map((name) => `test/machines/${name}.test.ts`);

export const MUTATION_GROUPS: readonly MutationGroup[] = [
  // The machines that drive pages: none may score under 85%.
  { name: 'navigationMachine', files: ['machines/navigationMachine.ts'], tests: machineTests('navigationMachine', 'navigationRecords') },
  {
    name: 'authCardMachine',
    files: ['machines/authCardMachine.ts', 'machines/authCardView.ts'],
    tests: machineTests('authCardMachine', 'moreViews'),
  },
  { name: 'submitMachine', files: ['machines/submitMachine.ts', 'machines/submitView.ts'], tests: machineTests('submitMachine') },
  {
    name: 'documentMachine',
    files: [
      'machines/documentMachine.ts',
      'machines/documentCalls.ts',
      'machines/documentFiles.ts',
      'machines/documentPages.ts',
      'machines/documentView.ts',
      'machines/staffDocumentMachine.ts',
    ],
    tests: machineTests(
      'documentMachine',
      'documentUpload',
      'documentExisting',
      'documentMachineApi',
      'documentPages',
      'documentView',
      'staffDocumentMachine',
    ),
  },
  {
    name: 'tabsMachine',
    files: ['machines/tabsMachine.ts', 'machines/tabsView.ts'],
    tests: machineTests('tabsMachine', 'tabsMachineGroups', 'formViews'),
  },
  {
    name: 'inactivityMachine',
    files: ['machines/inactivityMachine.ts', 'machines/inactivityView.ts'],
    tests: machineTests('inactivityMachine', 'coreViews'),
  },
  {
    name: 'pdfCopyMachine',
    files: ['machines/pdfCopyMachine.ts', 'machines/pdfCopyView.ts'],
    tests: machineTests('pdfCopyMachine', 'moreViews'),
  },
  { name: 'webStatusMachine', files: ['machines/webStatusMachine.ts'], tests: machineTests('webStatusMachine') },
  // The others.
  {
    name: 'answersMachine',
    files: [
      'machines/answersMachine.ts',
      'machines/answersSetup.ts',
      'machines/answersContext.ts',
      'machines/answerOffers.ts',
      'machines/answerSaves.ts',
      'machines/answerDrafts.ts',
      'machines/answerMaps.ts',
      'machines/browserSignals.ts',
      'machines/answersView.ts',
    ],
    tests: machineTests(
      'answersMachine',
      'answersTwoTabs',
      'answersSaving',
      'answersDrafts',
      'answersSavePath',
      'answersUnsaved',
      'answersChanges',
      'answerMaps',
      'answerStorage',
      'browserSignals',
      'answersStates',
      'formViews',
    ),
  },
  {
    name: 'appMachine',
    files: [
      'machines/appMachine.ts',
      'machines/applicationMachine.ts',
      'machines/appContext.ts',
      'machines/appCalls.ts',
      'machines/roles.ts',
      'machines/siblings.ts',
      'machines/systemIds.ts',
      'machines/appView.ts',
    ],
    tests: machineTests('appMachine', 'appLoading', 'appFailures', 'moreViews'),
  },
  {
    name: 'sessionMachine',
    files: ['machines/sessionMachine.ts', 'machines/sessionView.ts'],
    tests: machineTests('sessionMachine', 'coreViews'),
  },
  {
    name: 'validationMachine',
    files: ['machines/validationMachine.ts', 'machines/validationView.ts'],
    tests: machineTests('validationMachine', 'moreViews'),
  },
  {
    name: 'lookupMachine',
    files: ['machines/lookupMachine.ts', 'machines/lookupView.ts'],
    tests: machineTests('lookupMachine', 'formViews'),
  },
  {
    name: 'decisionLetterMachine',
    files: ['machines/decisionLetterMachine.ts', 'machines/decisionLetterView.ts'],
    tests: machineTests('decisionLetterMachine'),
  },
  {
    name: 'addAnotherMachine',
    files: ['machines/addAnotherMachine.ts', 'machines/addAnotherView.ts'],
    tests: machineTests('addAnotherMachine', 'formViews'),
  },
  {
    name: 'console',
    files: [
      'machines/consoleMachine.ts',
      'machines/consoleSessionMachine.ts',
      'machines/consoleSessionView.ts',
      'machines/consoleInvitationMachine.ts',
      'machines/consoleInvitationView.ts',
      'machines/consoleApplicationMachine.ts',
      'machines/consoleApplicationView.ts',
      'machines/consoleListMachine.ts',
      'machines/consoleListQuery.ts',
      'machines/consoleListView.ts',
      'machines/consoleSingleSignOnMachine.ts',
      'machines/consoleSingleSignOnView.ts',
      'machines/consoleAccessLogMachine.ts',
      'machines/consoleAccessLogQuery.ts',
      'machines/consoleAccessLogView.ts',
      'machines/consoleAccountsMachine.ts',
      'machines/consoleAccountsView.ts',
      'machines/consoleExportMachine.ts',
      'machines/consoleExportView.ts',
      'machines/consoleEvaluationMachine.ts',
      'machines/consoleEvaluationView.ts',
      'machines/consoleReleasesMachine.ts',
      'machines/consoleReleasesView.ts',
      'machines/consoleQueueMachine.ts',
      'machines/consoleQueueView.ts',
      'machines/api/consoleEndpoints.ts',
      'machines/api/consoleDecisions.ts',
      'machines/api/passkeys.ts',
    ],
    tests: machineTests(
      'consoleSessionMachine',
      'consoleInvitationMachine',
      'consoleApplicationMachine',
      'consoleListMachine',
      'consoleSingleSignOnMachine',
      'consoleAccessLogMachine',
      'consoleAccountsMachine',
      'consoleExportMachine',
      'consoleEvaluationMachine',
      'consoleReleasesMachine',
      'consoleQueueMachine',
      'api/passkeys',
      'inspect',
    ),
  },
  {
    name: 'smallMachines',
    files: [
      'machines/overlaysMachine.ts',
      'machines/toastsMachine.ts',
      'machines/clearGuardMachine.ts',
      'machines/pasteLimitMachine.ts',
      'machines/unexpectedErrorMachine.ts',
      'machines/confirmTriggerMachine.ts',
      'machines/inspect.ts',
      'machines/inspection.ts',
      'machines/overlaysView.ts',
      'machines/clearGuardView.ts',
      'machines/unexpectedErrorView.ts',
      'machines/confirmTriggerView.ts',
    ],
    tests: machineTests(
      'overlaysMachine',
      'toastsMachine',
      'clearGuardMachine',
      'pasteLimitMachine',
      'unexpectedErrorMachine',
      'confirmTriggerMachine',
      'inspect',
      'coreViews',
      'formViews',
    ),
  },
  {
    name: 'api',
    files: [
      'machines/api/httpClient.ts',
      'machines/api/endpoints.ts',
      'machines/api/coreEndpoints.ts',
      'machines/api/responses.ts',
      'machines/api/preloadedResponses.ts',
    ],
    tests: machineTests('responses', 'documentMachineApi', 'api/preloadedResponses', 'api/endpoints'),
  },
  {
    name: 'consoleDashboard',
    files: ['machines/consoleDashboardMachine.ts', 'machines/consoleDashboardView.ts'],
    tests: machineTests('consoleDashboardMachine'),
  },
];
