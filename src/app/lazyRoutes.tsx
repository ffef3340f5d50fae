import { lazyChunk } from './chunks';

/**
 * The route modules (./AppRoutes): the form area's frame and pages, the staff print view, the
 * auth cards and the completion page, each loaded with its route. None of them is in the first
 * download of the others (bench/bundleWeight.ts measures it); src/catalogue/routes.ts names them
 * for the server's hints.
 */
export const AboutPage = lazyChunk(() => import('../pages/AboutPage'));
export const EducationPage = lazyChunk(() => import('../pages/EducationPage'));
export const FinalStepsPage = lazyChunk(() => import('../pages/FinalStepsPage'));
export const ServiceView = lazyChunk(() => import('../service/ServiceView'));

export const FormArea = lazyChunk(() => import('../layout/FormArea'));
export const AuthArea = lazyChunk(() => import('../auth/AuthArea'));
export const CompletionArea = lazyChunk(() => import('../completion/CompletionArea'));
