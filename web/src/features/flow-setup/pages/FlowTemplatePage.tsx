import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
  Typography,
} from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
// The options from their own module: shared/flows.ts also holds the config's schemas, which would bring
// the validation library to a page that validates nothing.
import {
  COMPANY_SIZE_OPTIONS,
  COUNTRY_OPTIONS,
  FLOW_CATEGORY_LABELS,
} from '../../../../../shared/flow-options';
import type { FlowExample, FlowTemplate } from '../../../../../shared/flows';
import { FLOWS_PATH, flowSetupPath } from '../../../lib/flows/flow-paths';
import { useWorkspacePlan } from '../../../lib/session';
import { BackLink } from '../../../lib/ui/BackLink';
import { PlatformBadge } from '../../../lib/ui/PlatformBadge';
import { FlowTemplateLoader } from '../components/FlowTemplateLoader';
import { hasPlusPlan, UpgradeRequired } from '../components/UpgradeRequired';
import { labelsOf } from '../option-labels';
import { TEMPLATE_PAGE_TEXTS } from '../setup-texts';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** One example configuration: its audience in words (spec 3, examples[].config.targetingSettings). */
function ExampleCard({ example, setupPath }: { example: FlowExample; setupPath: string }) {
  const t = example.config.targetingSettings;
  const rows: [string, string][] = [
    ['Keywords', t.keywords],
    ['Industries', `${t.industries.length} selected`],
    ['Job titles', t.jobTitles?.length ? t.jobTitles.join(', ') : 'Any role'],
    ['Locations', labelsOf(COUNTRY_OPTIONS, t.locations).join(', ')],
    [
      'Company size',
      t.companySize?.length ? labelsOf(COMPANY_SIZE_OPTIONS, t.companySize).join(', ') : 'Any size',
    ],
  ];
  return (
    <Card withBorder padding="md" component="article" aria-label={example.title}>
      <Title order={4} size="h5">
        {example.title}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {example.description}
      </Text>
      <Stack gap={2} mt="sm" component="dl" style={{ margin: 0 }}>
        {rows.map(([term, value]) => (
          <Group key={term} gap={6} wrap="nowrap" align="flex-start">
            <Text component="dt" size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {term}:
            </Text>
            <Text component="dd" size="xs" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Button
        component={Link}
        to={setupPath}
        size="xs"
        variant="light"
        mt="sm"
        aria-label={`${TEMPLATE_PAGE_TEXTS.useExample}: ${example.title}`}
      >
        {TEMPLATE_PAGE_TEXTS.useExample}
      </Button>
    </Card>
  );
}

function TemplateDetail({ template }: { template: FlowTemplate }) {
  const notes = template.configurationNotes;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{template.displayName}</Title>
        <Group gap="xs" mt="xs">
          <PlatformBadge platform={template.platform} />
          <Badge color="violet" variant="filled" leftSection={<IconSparkles size={12} aria-hidden />}>
            {FLOW_CATEGORY_LABELS[template.category] ?? template.category}
          </Badge>
        </Group>
        <Text mt="sm">{template.summary}</Text>
      </div>

      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label={TEMPLATE_PAGE_TEXTS.estimatedTime} value={template.estimatedTime} />
        <Stat label={TEMPLATE_PAGE_TEXTS.successRate} value={`${template.successRate}%`} />
        <Stat label={TEMPLATE_PAGE_TEXTS.maxRuns} value={`Up to ${template.maxRunsPerDay}`} />
        <Stat label={TEMPLATE_PAGE_TEXTS.difficulty} value={capitalized(template.difficulty)} />
      </SimpleGrid>

      <Group>
        <Button
          component={Link}
          to={flowSetupPath(template.id)}
          leftSection={<IconSparkles size={16} aria-hidden />}
        >
          {TEMPLATE_PAGE_TEXTS.startSetup}
        </Button>
      </Group>

      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">{TEMPLATE_PAGE_TEXTS.overview}</Tabs.Tab>
          <Tabs.Tab value="process">{TEMPLATE_PAGE_TEXTS.process}</Tabs.Tab>
          <Tabs.Tab value="features">{TEMPLATE_PAGE_TEXTS.features}</Tabs.Tab>
          <Tabs.Tab value="requirements">{TEMPLATE_PAGE_TEXTS.requirements}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="overview" pt="lg">
          <Card withBorder padding="lg">
            <Text>{template.description}</Text>
            <Typography mt="md">
              {/* Written in code with the flow templates (functions/flows/templates/), basic tags only. */}
              <div
                data-testid="detailed-description"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the template's own basic HTML, from code.
                dangerouslySetInnerHTML={{ __html: template.detailedDescription }}
              />
            </Typography>
          </Card>
        </Tabs.Panel>

        <Tabs.Panel value="process" pt="lg">
          <Stack
            gap="sm"
            component="ol"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="stages"
          >
            {template.stages.map((stage, index) => (
              <Card key={stage.id} withBorder padding="md" component="li">
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <ThemeIcon radius="xl" size="lg" variant="light" color="indigo">
                    <Text fw={700} size="sm">
                      {index + 1}
                    </Text>
                  </ThemeIcon>
                  <div>
                    <Text fw={600}>{stage.name}</Text>
                    <Text size="sm" c="dimmed">
                      {stage.description}
                    </Text>
                    <Text size="xs" mt={4}>
                      Estimated duration: {stage.estimatedDuration}
                    </Text>
                  </div>
                </Group>
              </Card>
            ))}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="features" pt="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {template.features.map((feature) => (
              <Card key={feature.name} withBorder padding="md" component="article" aria-label={feature.name}>
                <Title order={3} size="h5">
                  {feature.name}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {feature.description}
                </Text>
                <Group gap={6} mt="sm" aria-label={`Tags of ${feature.name}`} role="list">
                  {feature.tags.map((tag) => (
                    <Badge key={tag} variant="light" color="gray" size="sm" role="listitem">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Tabs.Panel>

        <Tabs.Panel value="requirements" pt="lg">
          <Stack gap="md">
            <Section title={TEMPLATE_PAGE_TEXTS.requirements}>
              <List spacing="xs" size="sm">
                {template.requirements.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Section>
            <Section title={TEMPLATE_PAGE_TEXTS.limitations}>
              <List spacing="xs" size="sm">
                {template.limitations.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Section>
            <Section title={TEMPLATE_PAGE_TEXTS.configuration}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="configuration-notes">
                {(
                  [
                    ['Targeting', notes.targeting],
                    ['Messaging', notes.messaging],
                    ['Execution', notes.execution],
                    ['Working hours', notes.workingHours],
                  ] as const
                ).map(([title, text]) => (
                  <div key={title}>
                    <Text fw={600} size="sm">
                      {title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {text}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Section>
          </Stack>
        </Tabs.Panel>
      </Tabs>

      {template.examples.length > 0 && (
        <section aria-labelledby="flow-examples">
          <Title order={2} size="h3" id="flow-examples" mb="sm">
            {TEMPLATE_PAGE_TEXTS.examples}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {template.examples.map((example, index) => (
              <ExampleCard
                key={example.title}
                example={example}
                // The wizard opens on this example's audience (FlowSetupPage reads ?example=).
                setupPath={`${flowSetupPath(template.id)}?example=${index + 1}`}
              />
            ))}
          </SimpleGrid>
        </section>
      )}

      <Group>
        <Button
          component={Link}
          to={flowSetupPath(template.id)}
          leftSection={<IconSparkles size={16} aria-hidden />}
        >
          {TEMPLATE_PAGE_TEXTS.startSetup}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec 2.2, /flows/template/{templateId}: PLUS only (DECISIONS 3), else 'Upgrade Required'. */
export default function FlowTemplatePage() {
  const { templateId = '' } = useParams();
  const workspace = useWorkspacePlan();
  if (!hasPlusPlan(workspace)) return <UpgradeRequired />;
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <BackLink to={FLOWS_PATH}>{TEMPLATE_PAGE_TEXTS.back}</BackLink>
        <FlowTemplateLoader id={templateId} title={(template) => template?.displayName ?? 'Flow template'}>
          {(template) => <TemplateDetail template={template} />}
        </FlowTemplateLoader>
      </Stack>
    </Container>
  );
}
