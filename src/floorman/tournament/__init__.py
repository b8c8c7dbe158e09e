"""The tournament core: pure and event-sourced, built on the hand engines."""
