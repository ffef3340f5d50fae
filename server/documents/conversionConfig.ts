import { findLibreOffice, findSandbox, type Sandbox } from './convert/libreOffice';

/** The DOCX_CONVERTER / SOFFICE_PATH / CONVERSION_TIMEOUT_MS / JOB_CONCURRENCY part of the environment. */
export interface ConversionConfig {
  /** auto: LibreOffice when it is installed and can be sandboxed, else the pure-JS route; js forces the latter. */
  docxConverter: 'auto' | 'libreoffice' | 'js';
  /** The soffice binary docx files are converted with (SOFFICE_PATH, else soffice/libreoffice on PATH); unset for the JS route. */
  libreOffice: string | undefined;
  /** How LibreOffice is confined (bwrap, else unshare, found on PATH); set whenever libreOffice is. */
  sandbox: Sandbox | undefined;
  /** LibreOffice is installed but no sandbox works here, so docx files take the JS route: said once at start. */
  unsandboxedLibreOffice: string | undefined;
  /** Longest a single conversion may take before it is killed. */
  timeoutMs: number;
  /** Jobs (conversions, PDF copies) run at the same time. */
  concurrency: number;
}

/**
 * The conversion part of the environment, already checked by server/environment.ts. LibreOffice is
 * never run outside a sandbox: `auto` then takes the JS route, `libreoffice` refuses to start.
 */
export function readConversionConfig(env: {
  DOCX_CONVERTER: ConversionConfig['docxConverter'];
  CONVERSION_TIMEOUT_MS: number;
  JOB_CONCURRENCY: number;
  PATH?: string;
  SOFFICE_PATH?: string;
}): ConversionConfig {
  const docxConverter = env.DOCX_CONVERTER;
  const found = docxConverter === 'js' ? undefined : findLibreOffice(env.PATH, env.SOFFICE_PATH);
  if (docxConverter === 'libreoffice' && !found) {
    throw new Error('DOCX_CONVERTER=libreoffice, but neither SOFFICE_PATH nor soffice/libreoffice on PATH is usable.');
  }
  const sandbox = found ? findSandbox(env.PATH, found) : undefined;
  if (docxConverter === 'libreoffice' && !sandbox) {
    throw new Error('DOCX_CONVERTER=libreoffice, but neither bwrap (bubblewrap) nor unshare on PATH can sandbox it here.');
  }
  return {
    docxConverter,
    libreOffice: sandbox ? found : undefined,
    sandbox,
    unsandboxedLibreOffice: found && !sandbox ? found : undefined,
    timeoutMs: env.CONVERSION_TIMEOUT_MS,
    concurrency: env.JOB_CONCURRENCY,
  };
}
