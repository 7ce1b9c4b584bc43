/** Decorative water drop, used where a grievance has no photo. */
export function WaterDropIcon({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5c-.3 0-.6.2-.8.4C9.4 5.3 5 11 5 14.8A7 7 0 0 0 12 21.8a7 7 0 0 0 7-7c0-3.8-4.4-9.5-6.2-11.9a1 1 0 0 0-.8-.4Z"
        fill="currentColor"
        opacity="0.85"
      />
      <path d="M9 15.5a3 3 0 0 0 3 3" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}
