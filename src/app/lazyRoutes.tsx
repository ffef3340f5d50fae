import { lazy } from 'react';

/**
 * The route modules (./AppRoutes): the form area's frame and pages, the staff print view, the
 * auth cards and the completion page, each loaded with its route. None of them is in the first
 * download of the others (bench/bundleWeight.ts measures it); src/catalogue/routes.ts names them
 * for the server's hints.
 */
export const AboutPage = lazy(() => import('../pages/AboutPage'));
export const EducationPage = lazy(() => import('../pages/EducationPage'));
export const FinalStepsPage = lazy(() => import('../pages/FinalStepsPage'));
export const ServiceView = lazy(() => import('../service/ServiceView'));

export const FormArea = lazy(() => import('../layout/FormArea'));
export const AuthArea = lazy(() => import('../auth/AuthArea'));
export const CompletionArea = lazy(() => import('../completion/CompletionArea'));
