import { findLibreOffice } from './convert/libreOffice';

/** The DOCX_CONVERTER / SOFFICE_PATH / CONVERSION_TIMEOUT_MS / JOB_CONCURRENCY part of the environment. */
export interface ConversionConfig {
  /** auto: LibreOffice when it is installed, else the pure-JS route; js forces the latter. */
  docxConverter: 'auto' | 'libreoffice' | 'js';
  /** The soffice binary docx files are converted with (SOFFICE_PATH, else soffice/libreoffice on PATH); unset for the JS route. */
  libreOffice: string | undefined;
  /** Longest a single conversion may take before it is killed. */
  timeoutMs: number;
  /** Jobs (conversions, PDF copies) run at the same time. */
  concurrency: number;
}

export function readConversionConfig(env: NodeJS.ProcessEnv): ConversionConfig {
  const docxConverter = env.DOCX_CONVERTER ?? 'auto';
  if (docxConverter !== 'auto' && docxConverter !== 'libreoffice' && docxConverter !== 'js') {
    throw new Error(`DOCX_CONVERTER must be auto, libreoffice or js, got "${docxConverter}".`);
  }
  const timeoutMs = Number(env.CONVERSION_TIMEOUT_MS ?? 60_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1000) throw new Error('CONVERSION_TIMEOUT_MS must be a whole number of milliseconds, at least 1000.');
  const concurrency = Number(env.JOB_CONCURRENCY ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) throw new Error('JOB_CONCURRENCY must be a whole number from 1 to 16.');
  const libreOffice = docxConverter === 'js' ? undefined : findLibreOffice(env.PATH, env.SOFFICE_PATH || undefined);
  if (docxConverter === 'libreoffice' && !libreOffice) {
    throw new Error('DOCX_CONVERTER=libreoffice, but neither SOFFICE_PATH nor soffice/libreoffice on PATH is usable.');
  }
  return { docxConverter, libreOffice, timeoutMs, concurrency };
}
