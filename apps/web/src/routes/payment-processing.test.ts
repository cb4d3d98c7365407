import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PaymentProcessing, paymentProcessingMessage } from './payment-result-route.tsx';

// A bank debit completes Checkout before the money arrives: the page says so, and nothing else.
describe('the payment page while a delayed payment clears', () => {
  const html = renderToStaticMarkup(createElement(MantineProvider, null, createElement(MemoryRouter, null, createElement(PaymentProcessing))));

  it('says the payment is processing and when the plan starts, without welcoming to the plan', () => {
    expect(html).toContain('Payment Processing');
    expect(html).toContain(paymentProcessingMessage);
    expect(paymentProcessingMessage).toMatch(/starts as soon as it clears/);
    expect(html).not.toMatch(/Payment Successful|plan is active|Payment confirmation failed/);
  });

  it('leads to the subscription and the dashboard', () => {
    expect(html).toContain('href="/profile?tab=subscription"');
    expect(html).toContain('href="/"');
  });
});
