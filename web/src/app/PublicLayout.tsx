import { Anchor, Box, Center, Container, Group, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/product';

/** The frame of the screens open to visitors: the product name and the public links. */
export function PublicLayout() {
  return (
    <>
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <Anchor component={NavLink} to="/pricing" fw={700} fz="xl" underline="never" c="inherit">
              {PRODUCT_NAME}
            </Anchor>
            <Group component="nav" aria-label="Main" gap="md">
              <Anchor component={NavLink} to="/pricing">
                Pricing
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
