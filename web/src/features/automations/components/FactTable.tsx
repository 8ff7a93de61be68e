import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export type Fact = readonly [label: string, value: ReactNode];

/** Label and value pairs as a two-column table whose labels are row headers. */
export function FactTable({ facts, label }: { facts: readonly Fact[]; label: string }) {
  return (
    <Table variant="vertical" layout="fixed" aria-label={label} verticalSpacing={6}>
      <Table.Tbody>
        {facts.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w="40%" fw={500}>
              {name}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
