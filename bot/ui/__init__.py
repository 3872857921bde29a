"""Discord components: buttons, selects and modals that survive restarts."""
