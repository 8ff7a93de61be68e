// The lazily loaded part of the notification area (providers.tsx): Mantine's container, with its
// transitions. What shows a notification (lib/notify) needs only the small store, loaded with the app.
export { Notifications as default } from '@mantine/notifications';
