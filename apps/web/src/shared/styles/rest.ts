// Every Mantine component's styles that first.ts leaves out (the build lists them: build/mantine-layers.ts), and the
// date pickers' and notifications' styles. Loaded by load.ts, never imported directly.
import 'virtual:mantine-rest-styles';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dates/styles.layer.css';
