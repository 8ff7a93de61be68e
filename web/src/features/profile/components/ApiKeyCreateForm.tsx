import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_KEY_TEXTS as TEXTS,
} from '../../../../../shared/api-key-texts';
import { apiKeyName, apiKeyScopes } from '../../../../../shared/api-keys';
import { notifySuccess } from '../../../lib/notify';
import { createApiKey } from '../api/api-keys';
import { failureMessage, fieldIssuesOf } from '../api/profile';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The last moment of a day (YYYY-MM-DD) in the browser's time zone: a key expiring "on" it works all day. */
export const endOfDay = (day: string): Date => new Date(`${day}T23:59:59.999`);

/**
 * The form's own shape: the name and scopes as the API takes them (shared/api-keys.ts), and the expiry
 * as the day the date field gives, which the submit turns into the API's date-time.
 */
const createKeyForm = z.object({
  name: apiKeyName,
  scopes: apiKeyScopes,
  expiresOn: z.string().check(
    z.refine((day) => day === '' || (DAY.test(day) && !Number.isNaN(endOfDay(day).getTime())), {
      message: TEXTS.expiryInvalid,
    }),
    z.refine((day) => day === '' || !DAY.test(day) || endOfDay(day).getTime() > Date.now(), {
      message: TEXTS.expiryPast,
    }),
  ),
});
type CreateKeyForm = z.input<typeof createKeyForm>;

const EMPTY: CreateKeyForm = { name: '', scopes: [], expiresOn: '' };

/** The Developers card's form: a name, what the key may do, an optional last day. */
export function ApiKeyCreateForm({
  onCreated,
  refresh,
}: {
  onCreated: (name: string, secret: string) => Promise<void>;
  refresh: () => Promise<void>;
}) {
  const headingId = useId();
  const [refusal, setRefusal] = useState<string>();
  const form = useForm<CreateKeyForm, unknown, z.output<typeof createKeyForm>>({
    resolver: zodResolver(createKeyForm),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, scopes, expiresOn }) => {
    setRefusal(undefined);
    try {
      const answer = await createApiKey({
        name,
        scopes,
        expiresAt: expiresOn ? endOfDay(expiresOn).toISOString() : null,
      });
      notifySuccess(TEXTS.created);
      form.reset(EMPTY);
      await onCreated(answer.data.key.name, answer.data.secret);
    } catch (error) {
      const issues = fieldIssuesOf(error, ['name', 'scopes', 'expiresAt'] as const);
      for (const issue of issues)
        form.setError(
          issue.field === 'expiresAt' ? 'expiresOn' : issue.field,
          { message: issue.message },
          {
            shouldFocus: true,
          },
        );
      if (issues.length === 0) setRefusal(failureMessage(error, TEXTS.createFailed));
      // A refusal (ten keys already) may mean the list changed meanwhile.
      void refresh().catch(() => undefined);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h6" id={headingId}>
          {TEXTS.createTitle}
        </Title>
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {refusal}
          </Alert>
        )}
        <TextInput
          label={TEXTS.nameLabel}
          description={TEXTS.nameDescription}
          autoComplete="off"
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <Checkbox.Group
              label={TEXTS.scopesLabel}
              value={field.value}
              onChange={field.onChange}
              error={errors.scopes?.message}
            >
              <Stack gap="xs" mt="xs">
                {API_KEY_SCOPES.map((scope, i) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={API_KEY_SCOPE_LABELS[scope]}
                    // The first box takes the focus when the group's error asks for it.
                    ref={i === 0 ? field.ref : undefined}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <TextInput
          type="date"
          label={TEXTS.expiryLabel}
          description={TEXTS.expiryDescription}
          {...form.register('expiresOn')}
          error={errors.expiresOn?.message}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} leftSection={<IconKey size={16} aria-hidden />}>
            {TEXTS.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
