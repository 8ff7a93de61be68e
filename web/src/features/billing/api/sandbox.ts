import useSWR from 'swr';
import { type ApiError, post } from '../../../lib/api-client';

/** A checkout session of the local payment sandbox, the stand-in for Stripe Checkout. */
export interface SandboxSession {
  id: string;
  planId: string;
  planName: string;
  /** In the currency's minor unit (cents), as Stripe gives amounts. */
  amount: number;
  currency: string;
  email: string;
  status: string;
  successUrl: string;
  cancelUrl: string;
}

export const SESSION_NOT_FOUND_MESSAGE = 'This checkout session does not exist.';
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';

export const sandboxSessionPath = (sessionId: string) => `/billing/sandbox/${encodeURIComponent(sessionId)}`;

export function useSandboxSession(sessionId: string) {
  return useSWR<{ data: { session: SandboxSession } }, ApiError>(sandboxSessionPath(sessionId), {
    // A missing session stays missing; a payment page must not refresh itself behind the user's back.
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
}

export function completeSandboxSession(sessionId: string) {
  return post<{ redirectUrl?: string } | undefined>(`${sandboxSessionPath(sessionId)}/complete`);
}

export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / 100,
    );
  } catch {
    // An unknown currency code: show the number and the code as given.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** Leaving the checkout for the app's success or cancel page; one seam, so tests can watch it. */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
