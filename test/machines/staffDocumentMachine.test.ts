import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { DOCUMENT_MESSAGES } from '../../machines/documentFiles';
import type { StaffDocumentEvent } from '../../machines/events';
import { staffDocumentMachine } from '../../machines/staffDocumentMachine';
import { serialiseStateVia, serialiseWithFiles, staffDocumentInputs, staffDocumentPathEvents } from '../qa/models/document';
import { eventsFor, flush } from './helpers/documentsKit';
import {
  DOCUMENT_URL,
  fakeApi,
  KEY,
  SAVED,
  serverError,
  staffWith,
  startStaff,
  unauthorised,
  withFakeTimers,
} from './helpers/documentMachineKit';
import { expectEveryStateReached } from './helpers/statePaths';

/*
 * Staff read someone else's document question through a staff link: the application of that link
 * spawns this actor with the staff copy's document (or none) and the link's token. Nothing they
 * do changes the document; they open it, and the printed view carries its pages
 * (documentPages.test.ts).
 */

withFakeTimers();

describe("a staff link's document question", () => {
  it("shows the staff copy's document, without loading anything of an applicant's", async () => {
    const run = startStaff(staffWith(SAVED));
    await flush();
    expect(run.view()).toMatchObject({ document: SAVED, downloading: false });
    expect(run.fake.loadDocument).not.toHaveBeenCalled();
    expect(run.fake.fetchStaffDocumentLink).not.toHaveBeenCalled();
  });

  it('shows no document when the staff copy holds none, and offers nothing to open', async () => {
    const run = startStaff(staffWith(null));
    await flush();
    expect(run.view().document).toBeNull();
    expect(run.snapshot().can({ type: 'document.download' })).toBe(false);
    await run.send({ type: 'document.download' });
    expect(run.fake.fetchStaffDocumentLink).not.toHaveBeenCalled();
    expect(run.delivered).toEqual([]);
  });

  it("opens the converted PDF with the link's token, a fresh link each time; a failure is a toast naming the file", async () => {
    const fake = fakeApi();
    const staff = startStaff(staffWith(SAVED, 'staff-token'), fake);
    await staff.send({ type: 'document.download' });
    expect(fake.fetchStaffDocumentLink).toHaveBeenCalledWith({ answerKey: KEY, access: { serviceToken: 'staff-token' } });
    expect(staff.delivered).toEqual([`${DOCUMENT_URL}&service_token=staff-token`]);
    expect(staff.view().downloading).toBe(false);
    fake.fetchStaffDocumentLink.mockRejectedValueOnce(serverError);
    await staff.send({ type: 'document.download' });
    expect(staff.delivered).toHaveLength(1);
    expect(staff.toasts).toEqual([
      {
        type: 'toast.show',
        toast: expect.objectContaining({ severity: 'error', message: DOCUMENT_MESSAGES.downloadFailed(SAVED.file_name) }) as unknown,
      },
    ]);
    expect(fake.fetchStaffDocumentLink).toHaveBeenCalledTimes(2);
  });

  it('says so when the server has no converted file any more, and a refused link ends nothing but the opening', async () => {
    const fake = fakeApi();
    fake.fetchStaffDocumentLink.mockResolvedValueOnce({ status: 'not answered', url: null }).mockRejectedValueOnce(unauthorised);
    const staff = startStaff(staffWith(SAVED), fake);
    await staff.send({ type: 'document.download' });
    expect(staff.delivered).toEqual([]);
    expect(staff.toasts).toHaveLength(1);
    await staff.send({ type: 'document.download' });
    expect(staff.sessionReceived).toEqual([{ type: 'session.unauthorised' }]);
    expect(staff.view()).toMatchObject({ document: SAVED, downloading: false });
  });
});

// What `npm run paths -- staffDocument` prints for QA: its paths must reach every state.
it('the generated staff document paths reach every state', () => {
  const paths = staffDocumentInputs.flatMap((input) =>
    getShortestPaths(staffDocumentMachine, {
      input,
      events: eventsFor(staffDocumentPathEvents) as (snapshot: unknown) => StaffDocumentEvent[],
      serializeState: serialiseStateVia,
      serializeEvent: serialiseWithFiles,
    }),
  );
  expectEveryStateReached(
    staffDocumentMachine,
    paths.map((path) => path.state),
  );
});
