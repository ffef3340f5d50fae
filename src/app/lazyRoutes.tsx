import { lazy } from 'react';

/**
 * The screens that load with their route: the form area's frame and pages, the staff print
 * view, the auth cards and the completion page. None of them is in the first download of the
 * others (bench/bundleWeight.ts measures it).
 */
export const AboutPage = lazy(() => import('../pages/AboutPage'));
export const EducationPage = lazy(() => import('../pages/EducationPage'));
export const FinalStepsPage = lazy(() => import('../pages/FinalStepsPage'));
export const ServiceView = lazy(() => import('../service/ServiceView'));

export const FormArea = lazy(() => import('../layout/FormArea'));
export const AuthArea = lazy(() => import('../auth/AuthArea'));
export const CompletionArea = lazy(() => import('../completion/CompletionArea'));
