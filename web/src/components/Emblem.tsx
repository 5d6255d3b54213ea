/** The portal's shield emblem (decorative). */
export function Emblem({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path fill="#12295a" d="M32 3 8 12v18c0 15 10 26 24 31 14-5 24-16 24-31V12Z" />
      <path fill="none" stroke="#f2c14e" strokeWidth="2" d="M32 7.3 12 14.8V30c0 12.6 8.2 21.8 20 26.6 11.8-4.8 20-14 20-26.6V14.8Z" />
      <path fill="#f2c14e" d="m32 17 4.4 9 9.9 1.4-7.2 7 1.7 9.8L32 39.6l-8.8 4.6 1.7-9.8-7.2-7 9.9-1.4Z" />
    </svg>
  );
}
