import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { type RefObject, useEffect, useId, useState } from 'react';
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

/** Today in the browser's time zone (YYYY-MM-DD): the first day the date field offers. */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/**
 * The form's own shape: the name and scopes as the API takes them (shared/api-keys.ts), the expiry as
 * the day the date field gives, which the submit turns into the API's date-time, and the password, sent
 * only once the server asked for it (a sign-in that is not recent).
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
  password: z.string(),
});
type CreateKeyForm = z.input<typeof createKeyForm>;

const EMPTY: CreateKeyForm = { name: '', scopes: [], expiresOn: '', password: '' };

/** The Developers card's form: a name, what the key may do, an optional last day. */
export function ApiKeyCreateForm({
  headingRef,
  onCreated,
  refresh,
}: {
  /** The form's heading, where the card puts the keyboard back after a new key's secret. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onCreated: (name: string, secret: string) => void;
  refresh: () => Promise<void>;
}) {
  const headingId = useId();
  const [refusal, setRefusal] = useState<string>();
  const [askPassword, setAskPassword] = useState(false);
  const form = useForm<CreateKeyForm, unknown, z.output<typeof createKeyForm>>({
    resolver: zodResolver(createKeyForm),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  // The password field is drawn once the server asked for it: the keyboard goes there then.
  useEffect(() => {
    if (askPassword) form.setFocus('password');
  }, [askPassword, form]);

  const onSubmit = form.handleSubmit(async ({ name, scopes, expiresOn, password }) => {
    setRefusal(undefined);
    let created: { name: string; secret: string };
    try {
      const answer = await createApiKey({
        name,
        scopes,
        expiresAt: expiresOn ? endOfDay(expiresOn).toISOString() : null,
        ...(askPassword && password ? { password } : {}),
      });
      created = { name: answer.data.key.name, secret: answer.data.secret };
    } catch (error) {
      const issues = fieldIssuesOf(error, ['name', 'scopes', 'expiresAt', 'password'] as const);
      // The server asks for the password: its field comes, and takes the keyboard.
      if (issues.some((issue) => issue.field === 'password')) setAskPassword(true);
      for (const issue of issues) {
        const field = issue.field === 'expiresAt' ? 'expiresOn' : issue.field;
        form.setError(field, { message: issue.message }, { shouldFocus: true });
      }
      if (issues.length === 0) setRefusal(failureMessage(error, TEXTS.createFailed));
      // A refusal (ten keys already) may mean the list changed meanwhile.
      void refresh().catch(() => undefined);
      return;
    }
    // Outside the try: a key that was made is never reported as a failure.
    notifySuccess(TEXTS.created);
    form.reset(EMPTY);
    setAskPassword(false);
    onCreated(created.name, created.secret);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h6" id={headingId} ref={headingRef} tabIndex={-1}>
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
          min={today()}
          {...form.register('expiresOn')}
          error={errors.expiresOn?.message}
        />
        {askPassword && (
          <PasswordInput
            label={TEXTS.passwordLabel}
            autoComplete="current-password"
            {...form.register('password')}
            error={errors.password?.message}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} leftSection={<IconKey size={16} aria-hidden />}>
            {TEXTS.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
