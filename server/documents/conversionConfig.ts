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

/** The conversion part of the environment, already checked by server/environment.ts. */
export function readConversionConfig(env: {
  DOCX_CONVERTER: ConversionConfig['docxConverter'];
  CONVERSION_TIMEOUT_MS: number;
  JOB_CONCURRENCY: number;
  PATH?: string;
  SOFFICE_PATH?: string;
}): ConversionConfig {
  const docxConverter = env.DOCX_CONVERTER;
  const libreOffice = docxConverter === 'js' ? undefined : findLibreOffice(env.PATH, env.SOFFICE_PATH);
  if (docxConverter === 'libreoffice' && !libreOffice) {
    throw new Error('DOCX_CONVERTER=libreoffice, but neither SOFFICE_PATH nor soffice/libreoffice on PATH is usable.');
  }
  return { docxConverter, libreOffice, timeoutMs: env.CONVERSION_TIMEOUT_MS, concurrency: env.JOB_CONCURRENCY };
}
