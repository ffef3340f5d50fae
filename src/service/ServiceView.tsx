import { useSelector } from '@xstate/react';
import { useAppActor } from '../app/actors';
import { useCollege } from '../app/useApp';
import { ApplicationPrint } from './ApplicationPrint';

/** A staff link's page: the application in print layout, shown by the form area instead of the form. */
export default function ServiceView() {
  const title = useCollege()?.applicationTitle ?? '';
  const submission = useSelector(useAppActor(), (snapshot) => snapshot.context.submission);
  return <ApplicationPrint title={title} submission={submission} />;
}
