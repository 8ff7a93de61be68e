import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { sesMailer } from '../../../../../functions/core/adapters/ses-mailer';
import { recordingClient } from '../../../support/recording-client';

describe('sesMailer', () => {
  it('sends one SendEmailCommand with the sender, recipient, subject and both bodies', async () => {
    const ses = recordingClient<SESv2Client>(() => ({ MessageId: 'm-1' }));
    await sesMailer(ses.client, 'Trobly <no-reply@trobly.app>').send({
      to: 'ada@example.com',
      subject: 'Verify your e-mail',
      text: 'Open https://trobly.app/verify',
      html: '<a href="https://trobly.app/verify">Verify</a>',
    });
    expect(ses.sent).toHaveLength(1);
    expect(ses.sent[0]).toBeInstanceOf(SendEmailCommand);
    expect(ses.sent[0]!.input).toEqual({
      FromEmailAddress: 'Trobly <no-reply@trobly.app>',
      Destination: { ToAddresses: ['ada@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Verify your e-mail', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Open https://trobly.app/verify', Charset: 'UTF-8' },
            Html: { Data: '<a href="https://trobly.app/verify">Verify</a>', Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('lets an SES failure reach the caller', async () => {
    const ses = recordingClient<SESv2Client>(() => {
      throw new Error('MessageRejected: Email address is not verified');
    });
    await expect(
      sesMailer(ses.client, 'no-reply@trobly.app').send({ to: 'a@b.c', subject: 's', text: 't', html: 'h' }),
    ).rejects.toThrow('MessageRejected');
  });
});
