import { describe, expect, it } from 'vitest';
import { pushEndpointProblem, type PushEndpointProblem } from './push-endpoint';

const APP_HOSTS = ['caucus.example.org'];

describe('push endpoints the server may send to (issue 29)', () => {
  it.each<[string, PushEndpointProblem | null]>([
    // The browsers' push services.
    ['https://fcm.googleapis.com/fcm/send/abc:APA91b', null],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAAAA', null],
    ['https://web.push.apple.com/QGZ3b', null],
    ['https://wns2-par02p.notify.windows.com/w/?token=BQYAAA', null],
    ['https://FCM.GoogleApis.com:443/fcm/send/x', null],
    ['https://fcm.googleapis.com./fcm/send/x', null],
    ['https://push.example.test/abc', null],
    // Not https, not a URL, credentials, another port.
    ['http://fcm.googleapis.com/fcm/send/x', 'not_https'],
    ['ftp://fcm.googleapis.com/x', 'not_https'],
    ['file:///etc/passwd', 'not_https'],
    ['not a url', 'not_a_url'],
    ['', 'not_a_url'],
    ['https://user:secret@fcm.googleapis.com/x', 'credentials'],
    ['https://fcm.googleapis.com@127.0.0.1/x', 'credentials'],
    ['https://fcm.googleapis.com:8443/x', 'port'],
    ['https://fcm.googleapis.com:5432/', 'port'],
    ['https://127.0.0.1:5432/', 'port'],
    // IP literals in every spelling.
    ['https://127.0.0.1/', 'ip_literal'],
    ['https://127.0.0.1./', 'ip_literal'],
    ['https://169.254.169.254/latest/meta-data/', 'ip_literal'],
    ['https://8.8.8.8/', 'ip_literal'],
    ['https://2130706433/', 'ip_literal'],
    ['https://0x7f000001/', 'ip_literal'],
    ['https://0x7f.1/', 'ip_literal'],
    ['https://0177.0.0.1/', 'ip_literal'],
    ['https://127.1/', 'ip_literal'],
    ['https://0/', 'ip_literal'],
    ['https://[::1]/', 'ip_literal'],
    ['https://[::]/', 'ip_literal'],
    ['https://[::ffff:127.0.0.1]/', 'ip_literal'],
    ['https://[::ffff:7f00:1]/', 'ip_literal'],
    ['https://[fe80::1%25eth0]/', 'not_a_url'],
    ['https://[fd00:ec2::254]/', 'ip_literal'],
    ['https://[2607:f8b0:4004:c07::5f]/', 'ip_literal'],
    ['https://%31%32%37.0.0.1/', 'ip_literal'],
    // Names that are not public DNS names, or only mean something here.
    ['https://localhost/', 'not_a_host_name'],
    ['https://postgres/', 'not_a_host_name'],
    ['https://localhost./', 'not_a_host_name'],
    ['https://push.localhost/', 'local_name'],
    ['https://push.localhost./x', 'local_name'],
    ['https://printer.local/', 'local_name'],
    ['https://metadata.google.internal/computeMetadata/v1/', 'local_name'],
    ['https://db.localdomain/', 'local_name'],
    ['https://router.home.arpa/', 'local_name'],
    ['https://1.0.0.127.in-addr.arpa/', 'local_name'],
    ['https://nas.lan/', 'local_name'],
    ['https://push..example.com/', 'not_a_host_name'],
    ['https://push.example.com../', 'not_a_host_name'],
    [`https://${'a'.repeat(64)}.example.com/`, 'not_a_host_name'],
    // The app itself.
    ['https://caucus.example.org/api/push/subscriptions', 'app_host'],
    ['https://CAUCUS.example.org./api', 'app_host'],
    ['https://www.caucus.example.org/', 'app_host'],
    ['https://notcaucus.example.org/', null],
  ])('%s → %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint, APP_HOSTS)).toBe(problem);
  });

  it('compares the app’s host without case or a trailing dot', () => {
    expect(pushEndpointProblem('https://caucus.example.org/x', ['Caucus.Example.Org.'])).toBe('app_host');
    expect(pushEndpointProblem('https://caucus.example.org/x')).toBeNull();
  });
});
