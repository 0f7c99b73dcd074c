import type { ImgHTMLAttributes } from "react";

/**
 * A published member photo: the WebP copy where the browser takes it (a third smaller), else the JPEG. Every
 * published photo has both, side by side under the same name (docs/architecture.md "Photos").
 */
export function MemberPhoto({ src, alt, ...img }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  return (
    <picture>
      <source srcSet={src.replace(/\.jpg$/, ".webp")} type="image/webp" />
      <img src={src} alt={alt} {...img} />
    </picture>
  );
}
