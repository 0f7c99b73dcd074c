/**
 * Inline icons: no icon or emoji font, no request. Decorative (hidden from screen readers) unless given a `label`,
 * which they then carry as an image's name.
 */
const paths = {
  search:
    "M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.24 4.25-1.4 1.4-4.25-4.24A7.5 7.5 0 1 1 10.5 3Zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11Z",
  chat: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v12.2L8.3 16H20V6H4Z",
  heart:
    "M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.8 4.5 6.6 4.5c2.1 0 3.6 1.1 4.4 2.5.8-1.4 2.3-2.5 4.4-2.5 3.8 0 5.7 4.1 4.2 7.4C19.5 16.4 12 21 12 21Z",
  coins:
    "M12 3c4.4 0 8 1.6 8 3.5v11c0 1.9-3.6 3.5-8 3.5s-8-1.6-8-3.5v-11C4 4.6 7.6 3 12 3Zm6 11.3c-1.5.8-3.6 1.2-6 1.2s-4.5-.4-6-1.2v3.1c.3.6 2.5 1.6 6 1.6s5.7-1 6-1.6v-3.1Zm0-5c-1.5.8-3.6 1.2-6 1.2s-4.5-.4-6-1.2v2.9c.3.7 2.5 1.8 6 1.8s5.7-1.1 6-1.8V9.3ZM12 5C8.5 5 6.3 6 6 6.5 6.3 7 8.5 8 12 8s5.7-1 6-1.5C17.7 6 15.5 5 12 5Z",
  back: "M15.7 4.3 17.1 5.7 10.8 12l6.3 6.3-1.4 1.4L8 12l7.7-7.7Z",
  star: "m12 2 3 6.6 7.2.8-5.4 4.9 1.5 7.1L12 17.8 5.7 21.4l1.5-7.1L1.8 9.4 9 8.6 12 2Z",
  user: "M12 12a5 5 0 1 1 0-10 5 5 0 0 1 0 10Zm0 2c5 0 9 2.5 9 5.5V22H3v-2.5C3 16.5 7 14 12 14Z",
  // The fictional-profile marker: a theatre mask (the FAQ calls it "the mask icon"); eyes and smile are holes.
  mask: "M3 4.5c3 1.1 6 1.6 9 1.6s6-.5 9-1.6c0 8-3.2 15-9 15.5-5.8-.5-9-7.5-9-15.5Zm3.6 5.3c.6-1 1.4-1.5 2.3-1.5s1.7.5 2.3 1.5c-.6.6-1.4.9-2.3.9s-1.7-.3-2.3-.9Zm6.2 0c.6-1 1.4-1.5 2.3-1.5s1.7.5 2.3 1.5c-.6.6-1.4.9-2.3.9s-1.7-.3-2.3-.9ZM8.3 13.8c1 1.5 2.2 2.2 3.7 2.2s2.7-.7 3.7-2.2c-1.1.5-2.3.8-3.7.8s-2.6-.3-3.7-.8Z",
  globe:
    "M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm2.9 11H9.1c.2 2.8 1.2 5.3 2.9 7 1.7-1.7 2.7-4.2 2.9-7Zm5 0h-3c-.2 2.6-.9 5-2.2 6.8A8 8 0 0 0 19.9 13ZM7.1 13h-3a8 8 0 0 0 5.2 6.8C8 18 7.3 15.6 7.1 13Zm2.2-8.8A8 8 0 0 0 4.1 11h3c.2-2.6.9-5 2.2-6.8ZM12 4c-1.7 1.7-2.7 4.2-2.9 7h5.8C14.7 8.2 13.7 5.7 12 4Zm2.7.2c1.3 1.8 2 4.2 2.2 6.8h3a8 8 0 0 0-5.2-6.8Z",
} as const;

export type IconName = keyof typeof paths;

export function Icon({
  name,
  size = 20,
  label,
  className,
}: {
  name: IconName;
  size?: number | string;
  label?: string;
  className?: string;
}) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: labelled (role img, aria-label) or hidden, as `a11y` says.
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      focusable="false"
      className={className ? `icon ${className}` : "icon"}
      {...a11y}
    >
      <path d={paths[name]} fillRule="evenodd" />
    </svg>
  );
}
