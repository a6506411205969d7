import { unsubscribeToken } from '../features/notifications/unsubscribe-token';
import { testSettings } from './test-app';

/** The token of an unsubscribe link a mail of the test app carries (signed with its secret). */
export function testUnsubscribeToken(userId: string): string {
  return unsubscribeToken(testSettings.AUTH_SECRET, userId, 'digest-daily');
}
