import { describe, expect, it, vi } from 'vitest';
import { api, uploadToPresignedUrl } from '../../machines/api/endpoints';
import { GENERIC_ERROR_MESSAGE } from '../../machines/api/httpClient';
import { documentMachine } from '../../machines/documentMachine';
import { staffDocumentMachine } from '../../machines/staffDocumentMachine';
import { documentSystemId, SYSTEM_IDS } from '../../machines/systemIds';
import { answersStandIn } from './helpers/answersStandIn';
import { flush, startSystem } from './helpers/documentsKit';
import { KEY, pdf, PRESIGNED, SAVED, staffWith, withFakeTimers } from './helpers/documentMachineKit';

// The default actors call these: every other document test provides its own actors.
vi.mock('../../machines/api/endpoints', () => ({
  api: {
    documentAnswers: vi.fn(),
    saveAnswers: vi.fn(),
    presignedUrl: vi.fn(),
    requestConversion: vi.fn(),
    conversionStatus: vi.fn(),
    documentLink: vi.fn(),
    staffDocumentLink: vi.fn(),
    deleteDocument: vi.fn(),
    deleteConversion: vi.fn(),
  },
  uploadToPresignedUrl: vi.fn(),
}));

withFakeTimers();

describe('default actors call the API of section 7', () => {
  it('load, download, presign, upload, convert, poll and delete with the answer key', async () => {
    vi.mocked(api.documentAnswers).mockResolvedValue({ [KEY]: { ...SAVED, status: 'completed' } });
    vi.mocked(api.deleteDocument).mockResolvedValue({ message: '' });
    vi.mocked(api.presignedUrl).mockResolvedValue(PRESIGNED);
    vi.mocked(uploadToPresignedUrl).mockResolvedValue(undefined);
    vi.mocked(api.requestConversion).mockResolvedValue({ message: '' });
    vi.mocked(api.conversionStatus).mockResolvedValue({ status: 'failed', message: '' });
    vi.mocked(api.deleteConversion).mockResolvedValue({ message: '' });
    const answers = answersStandIn();
    const { actor } = startSystem(
      { logic: documentMachine, systemId: documentSystemId(KEY), input: { answerKey: KEY } },
      { [SYSTEM_IDS.answers]: answers.logic },
    );
    await flush();
    expect(actor.getSnapshot().value).toEqual({ attached: 'idle' });
    vi.mocked(api.documentLink).mockResolvedValue({ status: 'completed', url: '/files/document?ticket=t' });
    actor.send({ type: 'document.download' });
    await flush();
    expect(api.documentLink).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    actor.send({ type: 'document.delete' });
    actor.send({ type: 'document.confirmDelete' });
    await flush();
    expect(api.deleteDocument).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    const file = pdf();
    actor.send({ type: 'document.choose', files: [file] });
    await flush();
    // The answers are the answers actor's to save: this actor asks, never PUTs them itself.
    expect(answers.received).toContainEqual({ type: 'answers.save', replyTo: documentSystemId(KEY) });
    expect(api.saveAnswers).not.toHaveBeenCalled();
    expect(api.presignedUrl).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    expect(uploadToPresignedUrl).toHaveBeenCalledWith(PRESIGNED, file, expect.any(AbortSignal));
    expect(api.requestConversion).toHaveBeenCalledWith(
      KEY,
      { file_key: PRESIGNED.fields.key, file_name: file.name },
      expect.any(AbortSignal),
    );
    expect(api.conversionStatus).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
    actor.send({ type: 'document.resetError' });
    await flush();
    expect(api.deleteConversion).toHaveBeenCalledWith(KEY, expect.any(AbortSignal));
  });

  it('refuses a presigned answer without a key', async () => {
    vi.mocked(api.documentAnswers).mockResolvedValue({});
    vi.mocked(api.presignedUrl).mockResolvedValue({ url: 'https://storage.test', fields: {} });
    vi.mocked(uploadToPresignedUrl).mockResolvedValue(undefined);
    const { actor } = startSystem(
      { logic: documentMachine, systemId: documentSystemId(KEY), input: { answerKey: KEY } },
      { [SYSTEM_IDS.answers]: answersStandIn().logic },
    );
    await flush();
    actor.send({ type: 'document.choose', files: [pdf()] });
    await flush();
    expect(api.requestConversion).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toEqual('failed');
    expect(actor.getSnapshot().context.error).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('staff download with the page’s service token', async () => {
    vi.mocked(api.staffDocumentLink).mockResolvedValue({ status: 'completed', url: '/files/document?ticket=s' });
    const { actor } = startSystem(
      { logic: staffDocumentMachine, systemId: documentSystemId(KEY), input: { answerKey: KEY, ...staffWith(SAVED, 'staff-token') } },
      {},
    );
    actor.send({ type: 'document.download' });
    await flush();
    expect(api.staffDocumentLink).toHaveBeenCalledWith(KEY, { serviceToken: 'staff-token' }, expect.any(AbortSignal));
  });
});
