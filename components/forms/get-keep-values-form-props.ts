import { type FormMetadata, getFormProps } from "@conform-to/react";
import { type FormEvent, startTransition } from "react";

/**
 * The props of a Conform form sent to a Server Action through useActionState, its values kept:
 * React resets a form after its `action` has run, which would empty every field a refusal points
 * at; so with JavaScript the valid form is sent by hand (the submitter's name and value with it).
 * Without JavaScript the `action` attribute posts it, and the page renders the reply.
 */
export function getKeepValuesFormProps<Schema extends Record<string, unknown>, FormError>(
  form: FormMetadata<Schema, FormError>,
  formAction: (formData: FormData) => void,
) {
  const formProps = getFormProps(form);
  return {
    ...formProps,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      formProps.onSubmit(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
      const formData = new FormData(event.currentTarget, submitter);
      startTransition(() => formAction(formData));
    },
    action: formAction,
  };
}
