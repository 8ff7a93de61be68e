/** The id of each layout's <main>, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first thing Tab reaches (issue 10 point 9): skips the header and navigation to the page's content.
 * Hidden until focused (a11y.css); moves focus as well as scroll, so the next Tab continues in the content.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      Skip to main content
    </a>
  );
}
