import { describe, expect, it } from 'vitest';
import { emailBreakPieces, detailHtml, detailSentDate, detailText, noContentText, recipientName, sentDateCell, shortError, templateFallbackWarning, templateOrType } from './log-rules.ts';

const created = new Date(2026, 10, 20, 15, 4);

describe('e-mail log display rules', () => {
  it('names the linked customer when there is one', () => {
    expect(recipientName({ user: { firstName: 'Ann', lastName: 'Lee' } })).toBe('Ann Lee');
    expect(recipientName({ user: { firstName: null, lastName: 'Lee' } })).toBe('Lee');
    expect(recipientName({ user: { firstName: ' ', lastName: null } })).toBeNull();
    expect(recipientName({ user: null })).toBeNull();
  });

  it('shows the template name, else the e-mail type', () => {
    expect(templateOrType({ template: { name: 'welcome', htmlContent: '', textContent: '' }, emailType: 'welcome_v1' })).toBe('welcome');
    expect(templateOrType({ template: null, emailType: 'test' })).toBe('test');
  });

  it('falls back from the sent time to the created time, marked as not yet sent', () => {
    expect(sentDateCell({ sentAt: created, createdAt: created })).toEqual({ text: 'Nov 20, 2026, 3:04 PM', note: null });
    expect(sentDateCell({ sentAt: null, createdAt: created })).toEqual({ text: 'Nov 20, 2026, 3:04 PM', note: 'Created date (not yet sent)' });
    expect(sentDateCell({ sentAt: null, createdAt: created, sendStatus: 'pending' }).note).toBe('Created date (not yet sent)');
    // The list and the details dialog agree: a failed or bounced mail was not sent, it is not pending.
    expect(sentDateCell({ sentAt: null, createdAt: created, sendStatus: 'failed' }).note).toBe('Created date (not sent)');
    expect(sentDateCell({ sentAt: null, createdAt: created, sendStatus: 'bounced' }).note).toBe('Created date (not sent)');
    expect(sentDateCell({ sentAt: null, createdAt: null as unknown as Date })).toEqual({ text: '-', note: null });
    expect(detailSentDate({ sentAt: null, createdAt: created, sendStatus: 'pending' })).toBe('Nov 20, 2026, 3:04 PM (pending)');
    // A failed or bounced mail is not waiting to go: it says so.
    expect(detailSentDate({ sentAt: null, createdAt: created, sendStatus: 'failed' })).toBe('Nov 20, 2026, 3:04 PM (not sent)');
    expect(detailSentDate({ sentAt: null, createdAt: created, sendStatus: 'bounced' })).toBe('Nov 20, 2026, 3:04 PM (not sent)');
    expect(detailSentDate({ sentAt: created, createdAt: created, sendStatus: 'sent' })).toBe('Nov 20, 2026, 3:04 PM');
  });

  it('shows the sent content, else the template with the warning, else nothing', () => {
    const template = { name: 'welcome', htmlContent: '<p>Hi {{firstName}}</p>', textContent: 'Hi {{firstName}}' };
    expect(detailHtml({ htmlContent: '<p>Hi Ann</p>', template })).toEqual({ html: '<p>Hi Ann</p>', warning: null });
    expect(detailHtml({ htmlContent: null, template })).toEqual({ html: '<p>Hi {{firstName}}</p>', warning: templateFallbackWarning });
    expect(detailHtml({ htmlContent: '', template: null })).toEqual({ html: null, warning: null });
    expect(noContentText).toBe('No email content available');
    expect(detailText({ textContent: null, template })).toBe('Hi {{firstName}}');
    expect(detailText({ textContent: 'Hi Ann', template })).toBe('Hi Ann');
    expect(detailText({ textContent: null, template: null })).toBeNull();
  });

  it('shortens long errors and shows - for none', () => {
    expect(shortError(null)).toBe('-');
    expect(shortError('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('emailBreakPieces', () => {
  it('breaks after @ and before dots, dashes, underscores and plus signs, losing nothing', () => {
    expect(emailBreakPieces('first.last+tag@mail-server.example.co.uk')).toEqual(['first', '.last', '+tag@', 'mail', '-server', '.example', '.co', '.uk']);
    expect(emailBreakPieces('a@b')).toEqual(['a@', 'b']);
    const long = `${'x'.repeat(300)}@example.com`;
    expect(emailBreakPieces(long).join('')).toBe(long);
  });
});
