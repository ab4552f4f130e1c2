"""The application: storage, the session service, the Discord layer and the terminal table."""
