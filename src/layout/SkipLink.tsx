/** The first stop of the keyboard on every framed page: straight past the header and steps. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}
