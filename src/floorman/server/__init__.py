"""The web server: HTTP API, websockets and the browser client."""
