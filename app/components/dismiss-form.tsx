import { Form, useLocation } from "react-router";
import { SubmitButton } from "./submit-button";

/** Closes an alert on this device without a script: posts to the alert's route, which stores when, and comes back. */
export function DismissForm({ action, label }: { action: string; label: string }) {
  const location = useLocation();
  return (
    <Form method="post" action={action} className="d-inline">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <SubmitButton className="btn btn-sm btn-outline-dark">{label}</SubmitButton>
    </Form>
  );
}
