import { Form } from "react-router";
import { ReturnHere } from "./return-here";
import { SubmitButton } from "./submit-button";

/** Closes an alert on this device without a script: posts to the alert's route, which stores when, and comes back. */
export function DismissForm({ action, label }: { action: string; label: string }) {
  return (
    <Form method="post" action={action} className="d-inline">
      <ReturnHere />
      <SubmitButton className="btn btn-sm btn-outline-dark">{label}</SubmitButton>
    </Form>
  );
}
