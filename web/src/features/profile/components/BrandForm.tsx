import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { BRAND_TEXTS, type BrandInput, type BrandView, brandInput } from '../../../../../shared/brand';
import { notifySuccess } from '../../../lib/notify';
import { LazyConfirmDialog } from '../../../lib/ui/LazyConfirmDialog';
import { resetBrand, saveBrand } from '../api/brand';
import { failureMessage, fieldIssuesOf } from '../api/profile';
import { AccentColorField } from './BrandAccentField';
import { BrandLogoField } from './BrandLogoField';
import { BrandPreview } from './BrandPreview';

const TEXTS = BRAND_TEXTS.section;
const FIELDS = ['name', 'accentColor', 'logo'] as const;

const valuesOf = (brand: BrandView): BrandInput => ({
  name: brand?.name ?? '',
  accentColor: brand?.accentColor ?? null,
  logo: brand?.logo?.dataUrl ?? null,
});

/**
 * The owner's brand form: product name, accent colour (its contrast with white text shown as it is
 * typed) and logo, with a preview of the app header. The shared schema checks it before it is sent;
 * the server's refusals land on their field or above the form, and the typed values stay.
 */
export function BrandForm({
  brand,
  onSaved,
}: {
  brand: BrandView;
  onSaved: (brand: BrandView) => Promise<void>;
}) {
  const [refusal, setRefusal] = useState<string>();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [resetting, setResetting] = useState(false);
  const form = useForm({
    resolver: zodResolver(brandInput),
    defaultValues: valuesOf(brand),
    mode: 'onChange',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [name, accentColor, logo] = form.watch(['name', 'accentColor', 'logo']);

  const onSubmit = form.handleSubmit(async (input) => {
    setRefusal(undefined);
    try {
      const answer = await saveBrand(input);
      notifySuccess(answer?.message || BRAND_TEXTS.saved);
      form.reset(valuesOf(answer.data.brand));
      await onSaved(answer.data.brand);
    } catch (error) {
      const issues = fieldIssuesOf(error, FIELDS);
      for (const issue of issues) form.setError(issue.field, { message: issue.message });
      if (issues.length === 0) setRefusal(failureMessage(error, TEXTS.saveFailed));
    }
  });

  const onReset = async () => {
    setResetting(true);
    setRefusal(undefined);
    try {
      const answer = await resetBrand();
      notifySuccess(answer?.message || BRAND_TEXTS.reset);
      form.reset(valuesOf(null));
      setConfirmingReset(false);
      await onSaved(null);
    } catch (error) {
      setConfirmingReset(false);
      setRefusal(failureMessage(error, TEXTS.resetFailed));
    } finally {
      setResetting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {TEXTS.intro}
        </Text>
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
            {refusal}
          </Alert>
        )}
        <TextInput
          label={TEXTS.nameLabel}
          description={TEXTS.nameDescription}
          required
          autoComplete="organization"
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Controller
          control={form.control}
          name="accentColor"
          render={({ field }) => (
            <AccentColorField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.accentColor?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="logo"
          render={({ field }) => (
            <BrandLogoField
              value={field.value}
              onChange={(next) => field.onChange(next)}
              onRefuse={(message) => form.setError('logo', { message }, { shouldFocus: true })}
              inputRef={field.ref}
              error={errors.logo?.message}
            />
          )}
        />
        <BrandPreview name={name} accentColor={accentColor} logo={logo} />
        <Group justify="flex-end">
          {brand && (
            <Button variant="default" color="red" onClick={() => setConfirmingReset(true)}>
              {TEXTS.resetButton}
            </Button>
          )}
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={!isDirty}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {TEXTS.save}
          </Button>
        </Group>
      </Stack>
      <LazyConfirmDialog
        opened={confirmingReset}
        title={TEXTS.resetTitle}
        text={TEXTS.resetConfirm}
        cancelLabel={TEXTS.cancel}
        confirmLabel={TEXTS.resetButton}
        busy={resetting}
        onCancel={() => setConfirmingReset(false)}
        onConfirm={() => void onReset()}
      />
    </form>
  );
}
