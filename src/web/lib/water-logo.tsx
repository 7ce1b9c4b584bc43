/** The portal's mark: a drop, in the text colour of the bar it sits in. */
export function WaterLogo() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5c-.3 0-.6.2-.8.4C9.4 5.3 5 11 5 14.8A7 7 0 0 0 12 21.8a7 7 0 0 0 7-7c0-3.8-4.4-9.5-6.2-11.9a1 1 0 0 0-.8-.4Z"
        fill="currentColor"
      />
    </svg>
  );
}
