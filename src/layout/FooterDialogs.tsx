import { useCollege } from '../app/useApp';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

export type FooterDialogName = 'help' | 'privacy';

const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;

/** The Help and the privacy and cookie notice modals, contents from the college configuration. */
export default function FooterDialogs({ open, onClose }: { open: FooterDialogName | null; onClose: () => void }) {
  const college = useCollege();
  if (!college) return null;
  const { techSupport } = college;
  const closeButton = <Button onClick={onClose}>Close</Button>;
  return (
    <>
      <Dialog
        open={open === 'help'}
        onOpenChange={(next) => (next ? undefined : onClose())}
        title="Help"
        description="We are glad to help. Choose the contact that fits your question."
        size="xs"
        footer={closeButton}
      >
        <section className="contact" aria-labelledby="help-tech">
          <h3 id="help-tech" className="contact__title">
            Technical support
          </h3>
          <p className="contact__note">Trouble logging in, saving, uploading or with this website.</p>
          <dl className="contact__list">
            <dt>Team</dt>
            <dd>{techSupport.name}</dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${techSupport.email}`}>{techSupport.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(techSupport.phone)}>{techSupport.phone}</a>
            </dd>
            {techSupport.hours ? (
              <>
                <dt>Hours</dt>
                <dd>{techSupport.hours}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="contact" aria-labelledby="help-admissions">
          <h3 id="help-admissions" className="contact__title">
            Admissions questions
          </h3>
          <p className="contact__note">Questions about applying, deadlines, test scores or your decision.</p>
          <dl className="contact__list">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${college.admissionsEmail}`}>{college.admissionsEmail}</a>
            </dd>
            <dt>Help</dt>
            <dd>
              <a href={`mailto:${college.helpEmail}`}>{college.helpEmail}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(college.phone)}>{college.phone}</a>
            </dd>
          </dl>
        </section>
      </Dialog>
      <Dialog
        open={open === 'privacy'}
        onOpenChange={(next) => (next ? undefined : onClose())}
        title="Privacy and Cookie Notice"
        size="s"
        footer={closeButton}
      >
        <p className="prose">{college.privacyNotice}</p>
        <h3 className="contact__title">Cookies</h3>
        <p className="prose">
          This application sets only the cookies it needs to work: one keeps you logged in while you fill in your application and one tells
          the page that you are logged in. They end when you log out or after a period of inactivity. Answers you type before creating an
          account are kept only in this browser tab, and are forgotten when you close it. Answers you type while logged in stay in this
          browser only until they are saved; when you log out before that, you choose whether to save them or delete them.
        </p>
      </Dialog>
    </>
  );
}
