/**
 * The chat screen's own icons, drawn like those of `~/components/icons` (inline, no font, no request): the composer's
 * photo and gift buttons and the top bar's info menu on a phone. Decorative: the control beside carries the words.
 */
const paths = {
  camera:
    "M9 3 7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9Zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z",
  gift: "M3 8h8v4H3V8Zm10 0h8v4h-8V8ZM4 13h7v8H4v-8Zm9 0h7v8h-7v-8Zm-1-5c-1-3-5-4.5-5.5-2S9.5 8 12 8Zm0 0c1-3 5-4.5 5.5-2S14.5 8 12 8Z",
  info: "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1 8v7h2v-7h-2Zm0-3v2h2V7h-2Z",
} as const;

export function ChatIcon({ name, className }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="currentColor"
      focusable="false"
      aria-hidden="true"
      className={className ? `icon ${className}` : "icon"}
    >
      <path d={paths[name]} fillRule="evenodd" />
    </svg>
  );
}
