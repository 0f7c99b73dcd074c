import { createContext, lazy, Suspense, useContext, useEffect, useRef, useState } from "react";
import { Link, type LinkProps, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/translator";
import type { SignupChoices, SignupFormState } from "./signup-steps-form";

// The form (with zod and conform) loads when the modal first opens: most pages never open it.
const SignupStepsForm = lazy(() =>
  import("./signup-steps-form").then((module) => ({ default: module.SignupStepsForm })),
);

// Why this visitor may not sign up here (the invite screen on an invite-only site), from the same module.
const SignupRefusal = lazy(() => import("./signup-steps-form").then((module) => ({ default: module.SignupRefusal })));

const SignupModalContext = createContext<(() => void) | null>(null);

/**
 * A link to /signup. On a page with JavaScript it opens the signup modal instead; without it, it is the page
 * (docs/product.md §2: "without JavaScript the modal is the /signup page").
 */
export function SignupLink(props: Omit<LinkProps, "to">) {
  const open = useContext(SignupModalContext);
  return (
    <Link
      {...props}
      to="/signup"
      onClick={(event) => {
        props.onClick?.(event);
        if (open && !event.defaultPrevented) {
          event.preventDefault();
          open();
        }
      }}
    />
  );
}

/**
 * The signup modal of the default layout: the same steps as /signup through fetchers. While a signup is in
 * progress it does not close on the backdrop or Escape (docs/product.md §4); its close button always works.
 */
export function SignupModalProvider({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const choices = useFetcher<{ choices: SignupChoices; refusal: string | null }>();
  const steps = useFetcher<SignupFormState>();
  const [opened, setOpened] = useState(false);
  const state: SignupFormState = steps.data ?? { step: 0, values: {} };
  const inProgress = state.step > 0 || steps.state !== "idle";

  useEffect(() => {
    if (opened && !dialog.current?.open) dialog.current?.showModal();
  }, [opened]);

  const open = () => {
    if (!choices.data && choices.state === "idle") choices.load("/signup");
    setOpened(true);
  };
  const close = () => {
    dialog.current?.close();
    setOpened(false);
  };

  return (
    <SignupModalContext.Provider value={open}>
      {children}
      {opened && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard's way out is Escape (onCancel).
        <dialog
          ref={dialog}
          className="signup-modal p-0 border-0 rounded-3 shadow-lg"
          aria-labelledby="signup-modal-title"
          onCancel={(event) => inProgress && event.preventDefault()}
          onClick={(event) => event.target === dialog.current && !inProgress && close()}
          onClose={() => setOpened(false)}
        >
          <div className="p-4">
            <div className="d-flex align-items-start mb-2">
              <h2 id="signup-modal-title" className="h4 me-auto">
                {t("signup.title")}
              </h2>
              <button type="button" className="btn-close" aria-label={t("signup.close")} onClick={close} />
            </div>
            {!choices.data ? (
              <p className="text-body-secondary">{t("signup.loading")}</p>
            ) : choices.data.refusal ? (
              <Suspense fallback={<p className="text-body-secondary">{t("signup.loading")}</p>}>
                <SignupRefusal refusal={choices.data.refusal} action="/signup" code={null} />
              </Suspense>
            ) : (
              <Suspense fallback={<p className="text-body-secondary">{t("signup.loading")}</p>}>
                <SignupStepsForm
                  state={state}
                  choices={choices.data.choices}
                  action="/signup"
                  FormComponent={steps.Form}
                  busy={steps.state === "submitting"}
                />
              </Suspense>
            )}
          </div>
        </dialog>
      )}
    </SignupModalContext.Provider>
  );
}
