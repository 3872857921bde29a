"""The running bot: settings, app factory, storage, table service, rendering, CLI."""
