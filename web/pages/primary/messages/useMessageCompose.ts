/**
 * The data of a deal's message form: the text and the recipient choice, checked against the
 * create contract (common/api/messages) so a message or organisation it refuses says so under its
 * field, in the server's sentence, before anything is sent (a 400 naming one lands there too);
 * the number of people the choice reaches; and the send, which empties the text once it is taken.
 */
import { useEffect, useMemo, useState } from 'react';
import { messageCreateBodySchema, type MessageCreateBody, type RecipientsInput } from '@common/api/messages';
import { apiErrorText } from '../../../api/errorText';
import { useApiSend } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';
import { checkRecipients, sendMessage } from '../../../stores/messages';

/** The form as typed: the message and whom it goes to. */
export type ComposeDraft = {
  message: string;
  followers: boolean;
  organizationTypes: string[];
  organizations: string[];
};
const EMPTY_COMPOSE: ComposeDraft = { message: '', followers: true, organizationTypes: [], organizations: [] };

/** The recipient choice as the contract takes it. */
const recipientsOf = ({ followers, organizationTypes, organizations }: ComposeDraft): RecipientsInput => ({
  followers,
  organizationTypes: organizationTypes as RecipientsInput['organizationTypes'],
  organizations,
});

/** The field a refusal of a body path shows under: "recipients.organizations.2" under the organisations. */
const fieldOf = (path: string) => {
  const [first, second] = path.split('.');
  return first === 'recipients' && second ? second : (first ?? path);
};

export function useMessageCompose(dealId: number) {
  const [count, setCount] = useState<number | null>(null);
  const [countError, setCountError] = useState<string | null>(null);
  // Sent as typed (the server trims the message), as before the form checked.
  const bodyOf = (draft: ComposeDraft): MessageCreateBody => ({ dealId, message: draft.message, recipients: recipientsOf(draft) });
  const { form, formError, setFormError, onSubmit } = useContractForm({
    schema: messageCreateBodySchema,
    initialValues: EMPTY_COMPOSE,
    toBody: bodyOf,
    fieldOf,
  });
  const send = useApiSend(sendMessage, { onDone: () => form.setFieldValue('message', '') });
  const { followers, organizationTypes, organizations } = form.values;
  const recipients = useMemo<RecipientsInput>(
    () => recipientsOf({ message: '', followers, organizationTypes, organizations }),
    [followers, organizationTypes, organizations],
  );
  const chosen = followers || organizationTypes.length > 0 || organizations.length > 0;
  useEffect(() => {
    setCount(null);
    if (!chosen) return;
    let live = true;
    checkRecipients(dealId, recipients)
      .then((n) => live && setCount(n))
      .catch((e: unknown) => live && setCountError(apiErrorText(e)));
    return () => {
      live = false;
    };
  }, [dealId, recipients, chosen]);
  return {
    form,
    count,
    chosen,
    error: formError ?? countError,
    canSend: chosen && form.values.message.trim() !== '' && count !== 0,
    submit: onSubmit(async () => {
      setCountError(null);
      setFormError(null);
      await send(bodyOf(form.getValues()));
    }),
  };
}

export type MessageComposeState = ReturnType<typeof useMessageCompose>;
