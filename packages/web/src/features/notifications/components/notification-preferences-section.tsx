import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@facet/domain/notifications';
import { Checkbox, Skeleton, toast } from '../../../components/ui';
import { errorMessage } from '../../../lib/api-client';
import {
  useNotificationPreferences,
  useSetNotificationPreference,
  type NotificationPreference,
} from '../api/notifications';
import './notifications.css';

const ALWAYS = 'Always sent';

/**
 * Account settings: mail on or off per event type, grouped; each change is saved at once. Every event
 * still shows in the notification centre; transactional mail is shown checked and cannot be unchecked.
 */
export function NotificationPreferencesSection() {
  const preferences = useNotificationPreferences();
  const save = useSetNotificationPreference();

  function onToggle(p: NotificationPreference, mail: boolean) {
    save.mutate(
      { type: p.type, mail },
      {
        onSuccess: () => toast({ title: mail ? `Mail on: ${p.label}` : `Mail off: ${p.label}` }),
        onError: (error) =>
          toast({ title: 'Preference not saved', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  }

  const groups = new Map<NotificationCategory, NotificationPreference[]>();
  for (const p of preferences.data ?? []) groups.set(p.category, [...(groups.get(p.category) ?? []), p]);

  return (
    <section className="section-card" aria-labelledby="notification-prefs-heading">
      <header className="section-card__header">
        <h2 id="notification-prefs-heading">Mail notifications</h2>
        <p>
          Choose which events also come by e-mail. Every event shows under the bell either way; mail about
          your account, security and money always goes out.
        </p>
      </header>
      <div aria-busy={preferences.isPending}>
        {preferences.isPending ? (
          <div className="notification-prefs__items" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height="1.5rem" />
            ))}
          </div>
        ) : preferences.isError ? (
          <p role="alert" className="notifications-error">
            {errorMessage(preferences.error)}
          </p>
        ) : (
          [...groups].map(([category, items]) => (
            <fieldset key={category} className="notification-prefs__group">
              <legend className="visually-hidden">{NOTIFICATION_CATEGORIES[category]}</legend>
              <h3 aria-hidden="true">{NOTIFICATION_CATEGORIES[category]}</h3>
              <ul className="notification-prefs__items">
                {items.map((p) => (
                  <li key={p.type}>
                    <Checkbox
                      label={p.label}
                      description={p.required ? ALWAYS : undefined}
                      checked={p.mail}
                      disabled={p.required || (save.isPending && save.variables?.type === p.type)}
                      onChange={(e) => onToggle(p, e.currentTarget.checked)}
                    />
                  </li>
                ))}
              </ul>
            </fieldset>
          ))
        )}
      </div>
    </section>
  );
}
