declare module 'virtual:mantine-rest-styles' {}
