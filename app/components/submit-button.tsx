import type { ButtonHTMLAttributes } from "react";
import { useNavigation } from "react-router";

/**
 * The submit button of every form: not pressed twice while its page's form is on its way (with JavaScript). Apart
 * from the form kit, so that a page whose forms are only buttons (like, block, language, send) loads no conform.
 */
export function SubmitButton({
  children,
  className = "btn btn-primary",
  busy,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> & { busy?: boolean }) {
  const navigation = useNavigation();
  return (
    <button type="submit" className={className} disabled={busy ?? navigation.state === "submitting"} {...button}>
      {children}
    </button>
  );
}
